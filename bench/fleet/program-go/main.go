// The fleet benchmark's program in Go, over the native provider's generated SDK: the estate the
// JavaScript program declares (bench/fleet/program), read from specs/<stack>.json beside it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"github.com/pulumi-voice-platform/pulumi-voice-platform/sdks/go/voice"
)

type spec struct {
	AccountSid string `json:"accountSid"`
	Bridges    []struct {
		Slug    string   `json:"slug"`
		Name    string   `json:"name"`
		Numbers []string `json:"numbers"`
	} `json:"bridges"`
	Trunks []string `json:"trunks"`
}

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		text, err := os.ReadFile(filepath.Join("specs", ctx.Stack()+".json"))
		if err != nil {
			return err
		}
		var s spec
		if err := json.Unmarshal(text, &s); err != nil {
			return fmt.Errorf("specs/%s.json: %w", ctx.Stack(), err)
		}
		twilio, err := voice.NewProviderConfiguration(ctx, "twilio", &voice.ProviderConfigurationArgs{
			Provider:   pulumi.String("twilio"),
			AccountSid: pulumi.String(s.AccountSid),
			AuthToken:  pulumi.ToSecret(pulumi.String("bench-auth-token")).(pulumi.StringOutput),
		})
		if err != nil {
			return err
		}
		for _, b := range s.Bridges {
			bridge, err := voice.NewBridge(ctx, b.Slug, &voice.BridgeArgs{
				Name: pulumi.String(b.Name),
				Slug: pulumi.String(b.Slug),
			})
			if err != nil {
				return err
			}
			numbers := make(voice.BridgeNumbersNumberArray, 0, len(b.Numbers))
			for _, n := range b.Numbers {
				numbers = append(numbers, voice.BridgeNumbersNumberArgs{
					PhoneNumber:             pulumi.String(n),
					ProviderConfigurationId: twilio.ConfigurationId,
				})
			}
			if _, err := voice.NewBridgeNumbers(ctx, b.Slug, &voice.BridgeNumbersArgs{
				BridgeSlug: bridge.Slug,
				Numbers:    numbers,
			}); err != nil {
				return err
			}
		}
		for _, t := range s.Trunks {
			if _, err := voice.NewSipTrunk(ctx, t, &voice.SipTrunkArgs{
				Name:         pulumi.String(t),
				SipUrl:       pulumi.String("sip:" + t + ".example.com"),
				Transport:    pulumi.String("tls"),
				Port:         pulumi.Int(5061),
				AuthUsername: pulumi.String(t),
				AuthPassword: pulumi.ToSecret(pulumi.String("bench-sip-password")).(pulumi.StringOutput),
				AllowedIps:   pulumi.StringArray{pulumi.String("203.0.113.0/24")},
			}); err != nil {
				return err
			}
		}
		return nil
	})
}
