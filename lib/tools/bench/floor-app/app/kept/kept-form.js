"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";

// All in the first load: a lazy import would add Turbopack's chunk loader to the runtime every
// page of this app shares, the bare page's too.
const resolver = zodResolver(z.object({ tone: z.string().check(z.minLength(1)) }));

export function KeptForm() {
  const { data } = useQuery({
    queryKey: ["kept"],
    queryFn: () => Promise.reject(new Error("the server hands the data over")),
  });
  const { register, handleSubmit, formState } = useForm({ resolver, defaultValues: { tone: "" } });
  return (
    <form noValidate>
      <h1>{data?.title}</h1>
      {formState.errors.tone ? <p role="alert">Choose a tone.</p> : null}
      <label htmlFor="tone">Tone</label>
      <select id="tone" {...register("tone")}>
        <option value="">Choose…</option>
        {data?.options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
      <button type="button" onClick={handleSubmit(() => undefined)}>
        Send
      </button>
    </form>
  );
}
