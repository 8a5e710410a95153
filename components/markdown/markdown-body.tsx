import type { ComponentProps } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { isAllowedImageSrc, isInternalHref } from "@/lib/markdown/markdown-url-policy";

// A workflow's Markdown is untrusted: raw HTML shows as text, script and data URLs are dropped,
// outside links open in a new tab without opener or referrer, and images load only from the
// allowed origins (any other is a link). No hooks: it renders on the server and in the browser.

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^\s*data:/i.test(cleaned) ? "" : cleaned;
}

function MarkdownLink({
  href,
  children,
  node: _node,
  ...rest
}: ComponentProps<"a"> & { node?: unknown }) {
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
}

function MarkdownImage({
  src,
  alt,
  node: _node,
  allowedOrigins,
  ...rest
}: ComponentProps<"img"> & { node?: unknown; allowedOrigins: readonly string[] }) {
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

// One set of components per list of origins (the list is the server's, fixed for its life), so a
// re-render of streamed text does not remount its images.
const componentsByOrigins = new WeakMap<readonly string[], Components>();
function componentsFor(allowedOrigins: readonly string[]): Components {
  let components = componentsByOrigins.get(allowedOrigins);
  if (!components) {
    components = {
      a: MarkdownLink,
      img: (props) => <MarkdownImage {...props} allowedOrigins={allowedOrigins} />,
    };
    componentsByOrigins.set(allowedOrigins, components);
  }
  return components;
}

type Node = { type: string; depth?: number; children?: Node[] };

// Text inside a section of the page (a draft's preview) keeps the page's outline.
const deeperHeadings = (by: number) => () => (tree: Node) => {
  const visit = (node: Node) => {
    if (node.type === "heading" && node.depth) node.depth = Math.min(6, node.depth + by);
    node.children?.forEach(visit);
  };
  visit(tree);
};

/** Workflow Markdown under the URL and image policy; images load only from `imageOrigins`. */
export function MarkdownBody({
  children,
  imageOrigins,
  headingsDeeperBy = 0,
}: {
  children: string;
  imageOrigins: readonly string[];
  headingsDeeperBy?: number;
}) {
  return (
    <ReactMarkdown
      remarkPlugins={headingsDeeperBy ? [remarkGfm, deeperHeadings(headingsDeeperBy)] : [remarkGfm]}
      urlTransform={safeUrl}
      components={componentsFor(imageOrigins)}
    >
      {children}
    </ReactMarkdown>
  );
}
