"use client";

import { useState } from "react";

// One client component with state: hydration and React's client runtime, nothing more.
export function FloorButton() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-count={count} onClick={() => setCount(count + 1)}>
      Pressed {count} times
    </button>
  );
}
