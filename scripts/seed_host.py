#!/usr/bin/env python3
"""The seed's host design (seed 000, a Python host), for the mailbox benchmark's contrast.

What seed 000 describes, reimplemented as it says and timed on the bench's workload:
- each member record keeps its role, its own history, whether it is occupied, its status and
  the deliveries it used; one lock guards the check-and-set of occupancy;
- `send_message` appends one JSON line to the recipient's JSONL inbox and returns `queued`;
- `prepare_inbox` copies the history, reads the whole inbox (one JSON parse per line), builds
  each record's notification text and appends it unless the full text is already in the
  history (dedup by scanning the history); it deletes nothing;
- the loop commits the candidate (the history becomes it), builds the request from the system
  prompt and the history, and appends the model's reply.

The inbox "file" is a list of lines in memory (no disk), which only flatters the seed.
The system prompt names the member and its lead only (the seed's does not list the roster).

Workload (the same as examples/bench_mailbox.rs): MEMBERS members (the lead and MEMBERS-1
teammates), MESSAGES messages sent round-robin by the lead; after each batch of one message per
teammate, every teammate of the batch takes a delivery: prepare, commit, request, reply "ok".

Usage: seed_host.py MEMBERS MESSAGES [REPEAT] [cpu|wall]. Prints one line:
`seed <secs> <history of t01>` (the best of REPEAT timings, on the thread's CPU time, like the
Rust bench, or on the wall clock).
"""

import json
import sys
import threading
import time


class Host:
    def __init__(self, members):
        self.lock = threading.Lock()
        self.members = {}
        self.inboxes = {}
        for name, role in members:
            self.members[name] = {
                "role": role,
                "history": [],
                "busy": False,
                "status": "idle",
                "deliveries": 0,
            }
            self.inboxes[name] = []
        self.lead = members[0][0]
        self.clock = 0

    def send_message(self, sender, to, body):
        if to not in self.members:
            return {"status": "refused", "reason": f"no member named {to}"}
        self.clock += 1
        record = {"from": sender, "to": to, "body": body, "ts": self.clock}
        self.inboxes[to].append(json.dumps(record, ensure_ascii=False))
        return {"status": "queued"}

    def notification(self, record):
        return f"[inbox] message from {record['from']}: {record['body']}"

    def prepare_inbox(self, name):
        candidate = list(self.members[name]["history"])
        # The scan at C speed: `in` on the list of the candidate's texts (the fastest way
        # Python has to compare a text with every entry).
        texts = [entry["content"] for entry in candidate]
        for line in self.inboxes[name]:
            record = json.loads(line)
            text = self.notification(record)
            if text not in texts:
                candidate.append({"role": "user", "content": text})
                texts.append(text)
        return candidate

    def system_prompt(self, name):
        member = self.members[name]
        return (
            f"You are {name}, a teammate with the role '{member['role']}' in a team led by "
            f"{self.lead}. Report with send_message."
        )

    def deliver(self, name, model):
        with self.lock:
            member = self.members[name]
            if member["busy"] or member["status"] != "idle":
                return "refused"
            member["busy"] = True
            member["deliveries"] += 1
        candidate = self.prepare_inbox(name)
        member["history"] = candidate
        request = {
            "system": self.system_prompt(name),
            "messages": list(member["history"]),
        }
        reply = model(request)
        member["history"].append({"role": "assistant", "content": reply})
        with self.lock:
            member["busy"] = False
            member["status"] = "idle"
        return reply


def scripted_model(_request):
    return "ok"


def run(members, messages, clock):
    roster = [("lead", "lead")] + [(f"t{i:02}", "worker") for i in range(1, members)]
    host = Host(roster)
    teammates = [name for name, _ in roster[1:]]
    sent = 0
    start = clock()
    while sent < messages:
        batch = teammates[: min(len(teammates), messages - sent)]
        for to in batch:
            host.send_message("lead", to, f"message {sent} for {to}")
            sent += 1
        for to in batch:
            host.deliver(to, scripted_model)
    return clock() - start, len(host.members["t01"]["history"])


def main():
    members = int(sys.argv[1])
    messages = int(sys.argv[2])
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    clock = time.perf_counter if len(sys.argv) > 4 and sys.argv[4] == "wall" else time.thread_time
    best, history = min(run(members, messages, clock) for _ in range(repeat))
    print(f"seed {best:.6f} {history}")


if __name__ == "__main__":
    main()
