"""A Pulumi program in Python over the native provider's generated SDK (sdks/python): a carrier
account, a bridge, a number on it and a SIP trunk, as the TypeScript quickstart declares them."""

import pulumi
import pulumi_voice as voice

config = pulumi.Config()

carrier = voice.ProviderConfiguration(
    "carrier",
    provider="twilio",
    account_sid=config.require("accountSid"),
    auth_token=config.require_secret("authToken"),
)
support = voice.Bridge("support", name="Support", slug="support")
voice.BridgeNumber(
    "main-line",
    bridge_slug=support.slug,
    provider_configuration_id=carrier.configuration_id,
    phone_number="+14155550100",
)
voice.SipTrunk(
    "pbx",
    name="pbx",
    sip_url="sip:pbx.example.com",
    auth_username="pbx",
    auth_password=config.require_secret("sipPassword"),
)

# Invokes answer typed records: the organizations the provider's token reaches, and the figures of
# the organization's calls.
organizations = voice.get_organizations()
handles: list[str] = [org.domain_handle for org in organizations.items]
analytics = voice.get_analytics()
total_tasks: int = analytics.total_tasks

pulumi.export("bridgeId", support.bridge_id)
pulumi.export("configurationId", carrier.configuration_id)
pulumi.export("organizationCount", len(organizations.items))
pulumi.export("organizationHandles", handles)
pulumi.export("totalTasks", total_tasks)
