// Start-up inside Discord: the page is the Activity when Discord's query parameters are present. It
// tells the SDK it is ready, authorises (identify), lets the bot exchange the code for who this is and
// the board link of the channel's game, and authenticates the SDK with the access token.
import { DiscordSDK } from "@discord/embedded-app-sdk";

export function inActivity(search: string): boolean {
  const query = new URLSearchParams(search);
  return query.has("frame_id") && query.has("instance_id");
}

export async function startActivity(): Promise<string> {
  const config = await fetch("/api/activity/config");
  if (!config.ok) throw new Error(await config.text());
  const { client_id: clientId } = await config.json();
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  const response = await fetch("/api/activity/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, channel_id: sdk.channelId }),
  });
  if (!response.ok) throw new Error(await response.text());
  const session = await response.json();
  await sdk.commands.authenticate({ access_token: session.access_token });
  return session.token;
}
