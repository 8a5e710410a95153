// The floor app's root layout: a document and nothing else, so its bare page measures what Next
// and React cost a page before any product code.

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
