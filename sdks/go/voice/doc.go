// Telephony of the Voice AI platform as code: provider configurations, bridges, numbers, SIP trunks.
package voice
