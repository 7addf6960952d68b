"""APNs provider libraries from PyPI (scripts/python-packages), pointed at Backgrounder's push
gateway instead of Apple's servers, each used as its own documentation shows.

Usage: providers.py LIBRARY GATEWAY_PORT CA_FILE < plan.json
  LIBRARY: aioapns (on h2) or kalyke (on httpx2)
  plan.json: {"key": PEM file, "keyId", "teamId", "topic",
              "refreshTokenEachRequest": false (aioapns: a token per request, as a misconfigured
              provider would make),
              "issuedSecondsAgo": 0 (the library's clock, for its tokens' iat, set back this far:
              a token that is expired when it is sent),
              "pushes": [{"token", "kind": "alert"|"background"|"voip", "payload": JSON text,
                          "id": UUID or null, "topic": optional, "key": optional other PEM file}]}
Prints one JSON object a line per push, in order: {"id": the library's request id as it reports
the answer, "status": the HTTP status, "reason": the APNs reason or null, "timestamp": or null}.

Neither library has a host option (both know only Apple's hosts), so each is pointed at the
gateway the way its code allows: aioapns through its connection classes' APNS_SERVER and
APNS_PORT (and an ssl_context that trusts the gateway's certificate), kalyke through its
client's _base_url (and SSL_CERT_FILE, which httpx2 reads).
"""
import asyncio
import json
import os
import ssl
import sys


def aioapns_run(port, ca_file, plan):
    import aioapns.connection
    from aioapns import APNs, NotificationRequest, PushType

    aioapns.connection.APNsDevelopmentClientProtocol.APNS_SERVER = "127.0.0.1"
    aioapns.connection.APNsDevelopmentClientProtocol.APNS_PORT = port
    if plan.get("refreshTokenEachRequest"):
        aioapns.connection.JWTAuthorizationHeaderProvider.TOKEN_TTL = -1
    if plan.get("issuedSecondsAgo"):
        # aioapns reads time.time() for iat only: its module's clock, set back.
        import types
        ago, real = plan["issuedSecondsAgo"], aioapns.connection.time.time
        aioapns.connection.time = types.SimpleNamespace(time=lambda: real() - ago)
    kinds = {"alert": PushType.ALERT, "background": PushType.BACKGROUND, "voip": PushType.VOIP}
    priorities = {"alert": 10, "background": 5, "voip": 10}

    async def main():
        clients = {}

        def client(key_file):
            if key_file not in clients:
                with open(key_file) as file:
                    key = file.read()
                clients[key_file] = APNs(
                    key=key, key_id=plan["keyId"], team_id=plan["teamId"], topic=plan["topic"], use_sandbox=True,
                    ssl_context=ssl.create_default_context(cafile=ca_file), max_connections=1,
                    max_connection_attempts=1, err_func=quiet)
            return clients[key_file]

        for push in plan["pushes"]:
            request = NotificationRequest(
                device_token=push["token"], message=json.loads(push["payload"]), notification_id=push.get("id"),
                push_type=kinds[push["kind"]], priority=priorities[push["kind"]], apns_topic=push.get("topic"))
            result = await client(push.get("key") or plan["key"]).send_notification(request)
            report(result.notification_id, int(result.status), result.description, result.timestamp)
        for each in clients.values():
            each.pool.close()

    async def quiet(request, result):
        pass

    asyncio.run(main())


def kalyke_run(port, ca_file, plan):
    os.environ["SSL_CERT_FILE"] = ca_file
    import kalyke
    from kalyke import exceptions

    gateway = f"https://127.0.0.1:{port}"
    if plan.get("issuedSecondsAgo"):
        # kalyke reads datetime.now() for iat only: its module's clock, set back.
        import datetime
        import kalyke.clients.apns

        ago = datetime.timedelta(seconds=plan["issuedSecondsAgo"])

        class Earlier(datetime.datetime):
            @classmethod
            def now(cls, tz=None):
                return datetime.datetime.now(tz) - ago

        kalyke.clients.apns.datetime = Earlier

    class GatewayApnsClient(kalyke.ApnsClient):
        @property
        def _base_url(self):
            return gateway

    class GatewayVoIPClient(kalyke.VoIPClient):
        @property
        def _base_url(self):
            return gateway

    async def main():
        for push in plan["pushes"]:
            key = push.get("key") or plan["key"]
            topic = push.get("topic") or plan["topic"]
            identifier = push.get("id")
            if push["kind"] == "voip":
                client = GatewayVoIPClient(use_sandbox=True, team_id=plan["teamId"], auth_key_id=plan["keyId"], auth_key_filepath=key)
                config = kalyke.VoIPApnsConfig(topic=topic, identifier=identifier)
            else:
                client = GatewayApnsClient(use_sandbox=True, team_id=plan["teamId"], auth_key_id=plan["keyId"], auth_key_filepath=key)
                background = push["kind"] == "background"
                config = kalyke.ApnsConfig(
                    topic=topic, identifier=identifier,
                    push_type=kalyke.ApnsPushType.BACKGROUND if background else kalyke.ApnsPushType.ALERT,
                    priority=kalyke.ApnsPriority.BASED_ON_POWER if background else kalyke.ApnsPriority.IMMEDIATELY)
            try:
                apns_id = await client.send_message(device_token=push["token"], payload=json.loads(push["payload"]), apns_config=config)
                report(apns_id, 200, None, None)
            except exceptions.ApnsProviderException as error:
                # kalyke raises the exception class named by the answer's reason; it keeps the
                # rest of the answer's JSON (410's timestamp) and not the status.
                report(None, None, type(error).__name__, error.error.get("timestamp"))

    asyncio.run(main())


def report(identifier, status, reason, timestamp):
    print(json.dumps({"id": identifier, "status": status, "reason": reason, "timestamp": timestamp}), flush=True)


if __name__ == "__main__":
    library, port, ca_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    plan = json.load(sys.stdin)
    {"aioapns": aioapns_run, "kalyke": kalyke_run}[library](port, ca_file, plan)
