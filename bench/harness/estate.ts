// The estate the benchmarks declare lives in estate/, shared with the tests; this path re-exports it
// for the tests that still import it from here.
export * from "../../estate/estate";
