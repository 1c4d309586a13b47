// A Pulumi program in Java over the native provider's generated SDK (sdks/java): a carrier account, a
// bridge, a number on it and a SIP trunk, as the TypeScript quickstart declares them.
package voice;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Either;
import com.pulumi.voice.Bridge;
import com.pulumi.voice.BridgeArgs;
import com.pulumi.voice.BridgeNumber;
import com.pulumi.voice.BridgeNumberArgs;
import com.pulumi.voice.ProviderConfiguration;
import com.pulumi.voice.ProviderConfigurationArgs;
import com.pulumi.voice.SipTrunk;
import com.pulumi.voice.SipTrunkArgs;
import com.pulumi.voice.VoiceFunctions;
import com.pulumi.voice.outputs.Organization;
import java.util.stream.Collectors;

public final class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    private static void stack(Context ctx) {
        var config = ctx.config();
        var carrier = new ProviderConfiguration("carrier", ProviderConfigurationArgs.builder()
            .provider("twilio")
            .accountSid(config.require("accountSid"))
            .authToken(config.requireSecret("authToken"))
            .build());
        var support = new Bridge("support", BridgeArgs.builder()
            .name("Support")
            .slug("support")
            .build());
        new BridgeNumber("main-line", BridgeNumberArgs.builder()
            .bridgeSlug(support.slug())
            // The id is a number or its text (a union in the schema): here the configuration's number.
            .providerConfigurationId(carrier.configurationId().applyValue(id -> Either.ofLeft(id.doubleValue())))
            .phoneNumber("+14155550100")
            .build());
        new SipTrunk("pbx", SipTrunkArgs.builder()
            .name("pbx")
            .sipUrl("sip:pbx.example.com")
            .authUsername("pbx")
            .authPassword(config.requireSecret("sipPassword"))
            .build());
        // Invokes answer typed records: the organizations the provider's token reaches, and the
        // figures of the organization's calls.
        var orgs = VoiceFunctions.getOrganizations();
        var analytics = VoiceFunctions.getAnalytics();
        ctx.export("bridgeId", support.bridgeId());
        ctx.export("configurationId", carrier.configurationId());
        ctx.export("organizationCount", orgs.applyValue(result -> result.items().size()));
        ctx.export("organizationHandles", orgs.applyValue(result -> result.items().stream()
            .map(Organization::domainHandle)
            .collect(Collectors.toList())));
        ctx.export("totalTasks", analytics.applyValue(result -> result.totalTasks()));
    }
}
