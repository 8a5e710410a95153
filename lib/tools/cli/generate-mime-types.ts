import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Writes the table Python's `mimetypes` builds in Dify's API image, where Debian's `media-types`
// package provides /etc/mime.types: CPython's built-in strict table first, then every line of
// /etc/mime.types over it (`MimeTypes.read`: a later line wins for an extension; a type's
// extensions keep the order they were first added, the first being what `guess_extension`
// answers). The app and the embedded service each get their own copy.
//
// Usage: npm run generate:mime-types [-- /path/to/mime.types]

// CPython 3.11 `Lib/mimetypes.py`, `_default_mime_types()`: `_types_map_default` (the strict
// table, in its order), `_suffix_map_default` and `_encodings_map_default`.
const CPYTHON_TYPES: readonly (readonly [string, string])[] = [
  [".js", "application/javascript"],
  [".mjs", "application/javascript"],
  [".json", "application/json"],
  [".webmanifest", "application/manifest+json"],
  [".doc", "application/msword"],
  [".dot", "application/msword"],
  [".wiz", "application/msword"],
  [".nq", "application/n-quads"],
  [".nt", "application/n-triples"],
  [".bin", "application/octet-stream"],
  [".a", "application/octet-stream"],
  [".dll", "application/octet-stream"],
  [".exe", "application/octet-stream"],
  [".o", "application/octet-stream"],
  [".obj", "application/octet-stream"],
  [".so", "application/octet-stream"],
  [".oda", "application/oda"],
  [".pdf", "application/pdf"],
  [".p7c", "application/pkcs7-mime"],
  [".ps", "application/postscript"],
  [".ai", "application/postscript"],
  [".eps", "application/postscript"],
  [".trig", "application/trig"],
  [".m3u", "application/vnd.apple.mpegurl"],
  [".m3u8", "application/vnd.apple.mpegurl"],
  [".xls", "application/vnd.ms-excel"],
  [".xlb", "application/vnd.ms-excel"],
  [".ppt", "application/vnd.ms-powerpoint"],
  [".pot", "application/vnd.ms-powerpoint"],
  [".ppa", "application/vnd.ms-powerpoint"],
  [".pps", "application/vnd.ms-powerpoint"],
  [".pwz", "application/vnd.ms-powerpoint"],
  [".wasm", "application/wasm"],
  [".bcpio", "application/x-bcpio"],
  [".cpio", "application/x-cpio"],
  [".csh", "application/x-csh"],
  [".dvi", "application/x-dvi"],
  [".gtar", "application/x-gtar"],
  [".hdf", "application/x-hdf"],
  [".h5", "application/x-hdf5"],
  [".latex", "application/x-latex"],
  [".mif", "application/x-mif"],
  [".cdf", "application/x-netcdf"],
  [".nc", "application/x-netcdf"],
  [".p12", "application/x-pkcs12"],
  [".pfx", "application/x-pkcs12"],
  [".ram", "application/x-pn-realaudio"],
  [".pyc", "application/x-python-code"],
  [".pyo", "application/x-python-code"],
  [".sh", "application/x-sh"],
  [".shar", "application/x-shar"],
  [".swf", "application/x-shockwave-flash"],
  [".sv4cpio", "application/x-sv4cpio"],
  [".sv4crc", "application/x-sv4crc"],
  [".tar", "application/x-tar"],
  [".tcl", "application/x-tcl"],
  [".tex", "application/x-tex"],
  [".texi", "application/x-texinfo"],
  [".texinfo", "application/x-texinfo"],
  [".roff", "application/x-troff"],
  [".t", "application/x-troff"],
  [".tr", "application/x-troff"],
  [".man", "application/x-troff-man"],
  [".me", "application/x-troff-me"],
  [".ms", "application/x-troff-ms"],
  [".ustar", "application/x-ustar"],
  [".src", "application/x-wais-source"],
  [".xsl", "application/xml"],
  [".rdf", "application/xml"],
  [".wsdl", "application/xml"],
  [".xpdl", "application/xml"],
  [".zip", "application/zip"],
  [".3gp", "audio/3gpp"],
  [".3gpp", "audio/3gpp"],
  [".3g2", "audio/3gpp2"],
  [".3gpp2", "audio/3gpp2"],
  [".aac", "audio/aac"],
  [".adts", "audio/aac"],
  [".loas", "audio/aac"],
  [".ass", "audio/aac"],
  [".au", "audio/basic"],
  [".snd", "audio/basic"],
  [".mp3", "audio/mpeg"],
  [".mp2", "audio/mpeg"],
  [".opus", "audio/opus"],
  [".aif", "audio/x-aiff"],
  [".aifc", "audio/x-aiff"],
  [".aiff", "audio/x-aiff"],
  [".ra", "audio/x-pn-realaudio"],
  [".wav", "audio/x-wav"],
  [".avif", "image/avif"],
  [".bmp", "image/bmp"],
  [".gif", "image/gif"],
  [".ief", "image/ief"],
  [".jpg", "image/jpeg"],
  [".jpe", "image/jpeg"],
  [".jpeg", "image/jpeg"],
  [".heic", "image/heic"],
  [".heif", "image/heif"],
  [".png", "image/png"],
  [".svg", "image/svg+xml"],
  [".tiff", "image/tiff"],
  [".tif", "image/tiff"],
  [".ico", "image/vnd.microsoft.icon"],
  [".ras", "image/x-cmu-raster"],
  [".pnm", "image/x-portable-anymap"],
  [".pbm", "image/x-portable-bitmap"],
  [".pgm", "image/x-portable-graymap"],
  [".ppm", "image/x-portable-pixmap"],
  [".rgb", "image/x-rgb"],
  [".xbm", "image/x-xbitmap"],
  [".xpm", "image/x-xpixmap"],
  [".xwd", "image/x-xwindowdump"],
  [".eml", "message/rfc822"],
  [".mht", "message/rfc822"],
  [".mhtml", "message/rfc822"],
  [".nws", "message/rfc822"],
  [".css", "text/css"],
  [".csv", "text/csv"],
  [".html", "text/html"],
  [".htm", "text/html"],
  [".n3", "text/n3"],
  [".txt", "text/plain"],
  [".bat", "text/plain"],
  [".c", "text/plain"],
  [".h", "text/plain"],
  [".ksh", "text/plain"],
  [".pl", "text/plain"],
  [".srt", "text/plain"],
  [".rtx", "text/richtext"],
  [".tsv", "text/tab-separated-values"],
  [".vtt", "text/vtt"],
  [".py", "text/x-python"],
  [".etx", "text/x-setext"],
  [".sgm", "text/x-sgml"],
  [".sgml", "text/x-sgml"],
  [".vcf", "text/x-vcard"],
  [".xml", "text/xml"],
  [".mp4", "video/mp4"],
  [".mpeg", "video/mpeg"],
  [".m1v", "video/mpeg"],
  [".mpa", "video/mpeg"],
  [".mpe", "video/mpeg"],
  [".mpg", "video/mpeg"],
  [".mov", "video/quicktime"],
  [".qt", "video/quicktime"],
  [".webm", "video/webm"],
  [".avi", "video/x-msvideo"],
  [".movie", "video/x-sgi-movie"],
];
const CPYTHON_SUFFIXES: Record<string, string> = {
  ".svgz": ".svg.gz",
  ".tgz": ".tar.gz",
  ".taz": ".tar.gz",
  ".tz": ".tar.gz",
  ".tbz2": ".tar.bz2",
  ".txz": ".tar.xz",
};
const CPYTHON_ENCODINGS: Record<string, string> = {
  ".gz": "gzip",
  ".Z": "compress",
  ".bz2": "bzip2",
  ".xz": "xz",
  ".br": "br",
};

type Table = { types: Map<string, string>; extensions: Map<string, string[]> };

/** `MimeTypes.add_type(type, ext, strict=True)`. */
function addType(table: Table, type: string, extension: string): void {
  if (!type) return;
  table.types.set(extension, type);
  const known = table.extensions.get(type) ?? [];
  if (!known.includes(extension)) table.extensions.set(type, [...known, extension]);
}

/** `MimeTypes.readfp`: words split on whitespace, a word starting with `#` ends the line. */
export function readMimeTypes(table: Table, text: string): void {
  for (const line of text.split("\n")) {
    const words = line.split(/\s+/).filter(Boolean);
    const comment = words.findIndex((word) => word.startsWith("#"));
    if (comment >= 0) words.splice(comment);
    const [type, ...suffixes] = words;
    if (type) for (const suffix of suffixes) addType(table, type, `.${suffix}`);
  }
}

/** Python's table over a mime.types file's text. */
export function pythonTable(mimeTypesText: string): Table {
  const table: Table = { types: new Map(), extensions: new Map() };
  for (const [extension, type] of CPYTHON_TYPES) addType(table, type, extension);
  readMimeTypes(table, mimeTypesText);
  return table;
}

const LOOKUPS = `
// posixpath.splitext: the last dot after the last slash, leading dots of the name not counted.
function splitext(path: string): [string, string] {
  const dot = path.lastIndexOf(".");
  const slash = path.lastIndexOf("/");
  if (dot > slash && /[^.]/.test(path.slice(slash + 1, dot))) {
    return [path.slice(0, dot), path.slice(dot)];
  }
  return [path, ""];
}

/** \`mimetypes.guess_type(name)[0]\`, strict: "" when Python has no type for the name. */
export function guessType(name: string): string {
  let [base, extension] = splitext(name);
  let suffix = SUFFIXES.get(extension.toLowerCase());
  while (suffix !== undefined) {
    [base, extension] = splitext(base + suffix);
    suffix = SUFFIXES.get(extension.toLowerCase());
  }
  // Encoding suffixes are case sensitive: \`x.pdf.gz\` is a PDF, gzipped.
  if (ENCODINGS.has(extension)) [, extension] = splitext(base);
  return TYPES.get(extension.toLowerCase()) ?? "";
}

/** \`mimetypes.guess_extension(type)\`, strict, with its dot: "" when Python knows none. */
export function guessExtension(type: string): string {
  return EXTENSIONS.get(type.toLowerCase())?.[0] ?? "";
}
`;

function moduleText(table: Table, source: string): string {
  const map = (entries: Iterable<readonly [string, unknown]>) =>
    `new Map<string, ${"string"}>([\n${[...entries].map(([k, v]) => `  [${JSON.stringify(k)}, ${JSON.stringify(v)}],`).join("\n")}\n])`;
  return [
    `// Generated by \`npm run generate:mime-types\` (lib/tools/cli/generate-mime-types.ts): Python's`,
    `// \`mimetypes\` table as Dify's API image builds it, from ${source} read over`,
    `// CPython 3.11's built-in table. Do not edit; run the script again.`,
    "",
    `const SUFFIXES = ${map(Object.entries(CPYTHON_SUFFIXES))};`,
    `const ENCODINGS = ${map(Object.entries(CPYTHON_ENCODINGS))};`,
    `const TYPES = ${map(table.types)};`,
    `const EXTENSIONS = new Map<string, readonly string[]>([\n${[...table.extensions]
      .map(([type, extensions]) => `  [${JSON.stringify(type)}, ${JSON.stringify(extensions)}],`)
      .join("\n")}\n]);`,
    LOOKUPS,
  ].join("\n");
}

function mediaTypesVersion(): string {
  try {
    return execFileSync("dpkg-query", ["-W", "-f=${Version}", "media-types"], {
      encoding: "utf8",
    }).trim();
  } catch {
    return "";
  }
}

const TARGETS = ["lib/files/python-mime-types.ts", "lib/embedded/python-mime-types.ts"];

function main(): void {
  const file = process.argv[2] ?? "/etc/mime.types";
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    console.error(
      `${file} cannot be read: install Debian's media-types (apt-get install media-types).`,
    );
    process.exit(1);
  }
  const version = mediaTypesVersion();
  const source = `${version ? `Debian media-types ${version} ` : ""}(${file})`;
  const table = pythonTable(text);
  for (const target of TARGETS) {
    writeFileSync(path.resolve(target), moduleText(table, source));
    console.log(`${target}: ${table.types.size} extensions, ${table.extensions.size} types`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();
