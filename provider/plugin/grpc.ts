import { createRequire } from "node:module";
import type * as grpcTypes from "@grpc/grpc-js";

/**
 * The gRPC module `@pulumi/pulumi` itself loads (the one whose `Server` `provider.main` builds),
 * wherever npm put it. The plugin archive's bundle holds a single copy and swaps this module for a
 * plain import of it (scripts/build/archives/bundle.mjs).
 */
export const grpc: typeof grpcTypes = createRequire(require.resolve("@pulumi/pulumi"))("@grpc/grpc-js");
