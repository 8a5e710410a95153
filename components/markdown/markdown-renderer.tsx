import { use, type ComponentProps } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { MarkdownImageOriginsContext } from "@/lib/markdown/markdown-image-origins-context";
import { isAllowedImageSrc, isInternalHref } from "@/lib/markdown/markdown-url-policy";

// Markdown written by a workflow (and an LLM) is untrusted: raw HTML is shown as text (no
// rehype-raw), script and data URLs are dropped by the URL transform, every link but a same-origin
// relative one opens in a new tab without an opener or referrer, and images load only from the
// allowed origins (MARKDOWN_IMAGE_ORIGINS), without a referrer; any other image is a link to it
// with its alt text, so nothing is fetched without a click (lib/markdown/markdown-url-policy.ts).

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^\s*data:/i.test(cleaned) ? "" : cleaned;
}

const components: Components = {
  a({ href, children, node: _node, ...rest }) {
    if (!href) return <span>{children}</span>;
    const external = !isInternalHref(href);
    return (
      <a
        {...rest}
        href={href}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : { rel: "noreferrer" })}
      >
        {children}
      </a>
    );
  },
  img: MarkdownImage,
};

function MarkdownImage({
  src,
  alt,
  node: _node,
  ...rest
}: ComponentProps<"img"> & { node?: unknown }) {
  const allowedOrigins = use(MarkdownImageOriginsContext);
  if (!src || typeof src !== "string") return null;
  if (!isAllowedImageSrc(src, allowedOrigins)) {
    return (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- remote images from the workflow's own service
  return <img {...rest} src={src} alt={alt ?? ""} referrerPolicy="no-referrer" loading="lazy" />;
}

/** The Markdown itself; loaded on its own by FormMarkdown (see components/markdown/form-markdown.tsx). */
export function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
      {children}
    </ReactMarkdown>
  );
}
