import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

// Markdown written by a workflow (and an LLM) is untrusted: raw HTML is shown as text (no
// rehype-raw), script and data URLs are dropped by the URL transform, external links open in a new
// tab without an opener or referrer, and images do not send a referrer.

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^\s*data:/i.test(cleaned) ? "" : cleaned;
}

const components: Components = {
  a({ href, children, node: _node, ...rest }) {
    if (!href) return <span>{children}</span>;
    const external = /^https?:\/\//i.test(href);
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
  img({ src, alt, node: _node, ...rest }) {
    if (!src || typeof src !== "string") return null;
    // eslint-disable-next-line @next/next/no-img-element -- arbitrary remote images from the workflow
    return <img {...rest} src={src} alt={alt ?? ""} referrerPolicy="no-referrer" loading="lazy" />;
  },
};

/** The Markdown itself; loaded on its own by FormMarkdown (see components/form-markdown.tsx). */
export function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
      {children}
    </ReactMarkdown>
  );
}
