import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { KeptForm } from "./kept-form";
import { KeptProviders } from "./kept-providers";

// GET /kept: the bare page plus the libraries the form page keeps, all in its first load: data
// handed over through TanStack Query's hydration, a react-hook-form form checked by a zod/mini
// schema, one required choice and one action. The throttled phone's row shows
// its time beside the form page's, so what is the libraries' and what is the product's is seen.

export default async function KeptPage() {
  const client = new QueryClient();
  await client.prefetchQuery({
    queryKey: ["kept"],
    queryFn: () => ({ title: "Your answer is needed", options: ["Formal", "Friendly"] }),
  });
  return (
    <main>
      <KeptProviders>
        <HydrationBoundary state={dehydrate(client)}>
          <KeptForm />
        </HydrationBoundary>
      </KeptProviders>
    </main>
  );
}
