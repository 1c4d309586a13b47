// The fleet benchmark's floor: loads the Pulumi SDK and declares nothing.
require("@pulumi/pulumi");
