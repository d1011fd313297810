/**
 * The few web-platform globals the core uses that exist both in browsers (window and workers) and in
 * Node ≥ 16. Declared here because the core compiles without the DOM and Node type libraries.
 */
declare function btoa(data: string): string;
declare function atob(data: string): string;
declare function setTimeout(handler: () => void, ms?: number): unknown;
/** The part of `fetch` the core's job client uses (browsers; Node ≥ 18). */
declare function fetch(
  input: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;
