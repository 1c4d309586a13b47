// A Pulumi program in Go over the native provider's generated SDK (sdks/go): a carrier account, a
// bridge, a number on it and a SIP trunk, as the TypeScript quickstart declares them.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"

	"github.com/pulumi-voice-platform/pulumi-voice-platform/sdks/go/voice"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		carrier, err := voice.NewProviderConfiguration(ctx, "carrier", &voice.ProviderConfigurationArgs{
			Provider:   pulumi.String("twilio"),
			AccountSid: pulumi.String(cfg.Require("accountSid")),
			AuthToken:  cfg.RequireSecret("authToken"),
		})
		if err != nil {
			return err
		}
		support, err := voice.NewBridge(ctx, "support", &voice.BridgeArgs{
			Name: pulumi.String("Support"),
			Slug: pulumi.String("support"),
		})
		if err != nil {
			return err
		}
		if _, err := voice.NewBridgeNumber(ctx, "main-line", &voice.BridgeNumberArgs{
			BridgeSlug:              support.Slug,
			ProviderConfigurationId: carrier.ConfigurationId,
			PhoneNumber:             pulumi.String("+14155550100"),
		}); err != nil {
			return err
		}
		if _, err := voice.NewSipTrunk(ctx, "pbx", &voice.SipTrunkArgs{
			Name:         pulumi.String("pbx"),
			SipUrl:       pulumi.String("sip:pbx.example.com"),
			AuthUsername: pulumi.String("pbx"),
			AuthPassword: cfg.RequireSecret("sipPassword"),
		}); err != nil {
			return err
		}
		// Invokes answer typed records: the organizations the provider's token reaches, and the
		// figures of the organization's calls.
		orgs, err := voice.GetOrganizations(ctx)
		if err != nil {
			return err
		}
		handles := make([]string, 0, len(orgs.Items))
		for _, org := range orgs.Items {
			handles = append(handles, org.DomainHandle)
		}
		analytics, err := voice.GetAnalytics(ctx, &voice.GetAnalyticsArgs{})
		if err != nil {
			return err
		}
		ctx.Export("bridgeId", support.BridgeId)
		ctx.Export("configurationId", carrier.ConfigurationId)
		ctx.Export("organizationCount", pulumi.Int(len(orgs.Items)))
		ctx.Export("organizationHandles", pulumi.ToStringArray(handles))
		ctx.Export("totalTasks", pulumi.Int(analytics.TotalTasks))
		return nil
	})
}
