module github.com/pulumi-voice-platform/pulumi-voice-platform/sdks/go

go 1.25

require github.com/pulumi/pulumi/sdk/v3 v3.256.0
