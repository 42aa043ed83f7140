"""A bot in another process for ``skyhex play``'s protocol (docs/play-protocol.md): it
answers every turn with the last legal entry, first sending one bad answer to see the
server ask again, and records the messages it got in the file named on its command line."""

import json
import sys

with open(sys.argv[1], "w") as log:
    bad_sent = False
    for line in sys.stdin:
        message = json.loads(line)
        log.write(line)
        if message["type"] == "turn":
            if not bad_sent:
                bad_sent = True
                print(json.dumps({"index": 10_000}), flush=True)
            else:
                print(json.dumps({"entry": message["legal"][-1]}), flush=True)
        elif message["type"] == "end":
            break
