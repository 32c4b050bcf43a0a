// A stand-in for @discord/embedded-app-sdk in the browser test's bundle: answers the calls the Activity
// start-up makes as Discord's parent frame would, and records them on window.activityCalls.
const calls: unknown[][] = ((window as any).activityCalls = []);
const query = new URLSearchParams(location.search);

export class DiscordSDK {
  clientId: string;
  channelId: string | null = query.get("channel_id");
  instanceId: string | null = query.get("instance_id");

  constructor(clientId: string) {
    this.clientId = clientId;
    calls.push(["new", clientId]);
  }

  async ready(): Promise<void> {
    calls.push(["ready"]);
  }

  commands = {
    authorize: async (args: object) => {
      calls.push(["authorize", args]);
      return { code: query.get("double_code") || "" };
    },
    authenticate: async (args: { access_token: string }) => {
      calls.push(["authenticate", args]);
      return { access_token: args.access_token, user: {}, scopes: ["identify"], expires: "", application: {} };
    },
  };
}
