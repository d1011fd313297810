/**
 * The few web-platform globals the core uses that exist both in browsers (window and workers) and in
 * Node ≥ 16. Declared here because the core compiles without the DOM and Node type libraries.
 */
declare function btoa(data: string): string;
declare function atob(data: string): string;
