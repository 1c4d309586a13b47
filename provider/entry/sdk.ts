// The package's `./sdk` entry: the Node.js version check first, then the platform client.
import "./node-version";

export * from "../../sdk/index";
