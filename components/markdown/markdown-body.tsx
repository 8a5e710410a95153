import type { ComponentProps } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { isAllowedImageSrc, isInternalHref } from "@/lib/markdown/markdown-url-policy";

// Markdown written by a workflow (and an LLM) is untrusted: raw HTML is shown as text (no
// rehype-raw), script and data URLs are dropped, every link but a same-origin relative one opens
// in a new tab without an opener or referrer, and images load only from the allowed origins,
// without a referrer; any other image is a link to it, so nothing is fetched without a click.
// No hooks: the same rendering runs on the server and in the browser.

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

// Text shown inside a section of the page (a draft's preview) keeps the page's outline: its
// headings go `by` levels deeper.
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
