import { FloorButton } from "./floor-button";

// GET /: the bare page, a heading and one client button. The form page's first-load JS budget is
// this page's plus what the product adds (lib/tools/bench/evaluate-budgets.ts).

export default function BarePage() {
  return (
    <main>
      <h1>Floor</h1>
      <FloorButton />
    </main>
  );
}
