// The body of an exported locustfile.py: plain Python over Locust and requests (both in Debian's python3-locust).
// It reproduces the app's load test: the plan's steps (each target through each level) as a LoadTestShape on the
// master, broadcast to the workers with a custom message; closed-loop users at a concurrency level, Poisson
// arrivals at a rate level; and each request timed as the app times it, reported with events.request.fire as
// TTFT, TPOT, ITL (per frame), TOKENS (output tokens as the value) and E2E (the request, output tokens as its
// length); warm-up requests as WARMUP. The data (targets, prompts, plan) is prepended by locustExport.ts.
export const LOCUST_BODY = String.raw`
import json
import math
import os
import random
import time

import requests
from locust import LoadTestShape, User, events, task
from locust import runners as _runners
from locust.runners import MasterRunner

# Debian's python3-locust reports an empty version, and a master refuses workers that send none (as if older than
# 2.0); every process of a run imports this file, so each gives the same stand-in. Other installs are untouched.
if not _runners.__version__:
    _runners.__version__ = "0.0.0+unversioned"

STATE = {"step": -1, "phase": "warmup", "workers": 1}


def _replace(value, text):
    if isinstance(value, str):
        return value.replace(PROMPT_MARK, text)
    if isinstance(value, list):
        return [_replace(v, text) for v in value]
    if isinstance(value, dict):
        return {k: _replace(v, text) for k, v in value.items()}
    return value


def _key():
    key = os.environ.get(KEY_ENV)
    if not key:
        raise RuntimeError("Set the environment variable %s to the API key" % KEY_ENV)
    return key


def _request(target, prompt):
    key = _key()
    headers = dict(target["headers"])
    for name, env in target["secret_headers"].items():
        headers[name] = os.environ.get(env, "")
    path = target["path"]
    if target["auth"] == "header":
        headers["x-vendor-api-key"] = key
    elif target["auth"] == "query":
        path += ("&" if "?" in path else "?") + "key=" + requests.utils.quote(key, safe="")
    else:
        headers["authorization"] = "Bearer " + key
    return path, headers, _replace(json.loads(target["body"]), prompt)


def _frames(buffer):
    """Splits complete SSE events off the buffer; answers (events, rest)."""
    events_out = []
    normal = buffer.replace("\r\n", "\n").replace("\r", "\n")
    while "\n\n" in normal:
        block, normal = normal.split("\n\n", 1)
        name, data = None, []
        for line in block.split("\n"):
            if line.startswith(":"):
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)
        if data:
            events_out.append((name, "\n".join(data)))
    return events_out, normal


def _read_event(fmt, name, data, out):
    """Folds one SSE event: output text seen, usage, terminal or error (as the app's format folders do)."""
    if data == "[DONE]":
        out["terminal"] = out["terminal"] or "done"
        return False
    try:
        chunk = json.loads(data)
    except ValueError:
        return False
    if not isinstance(chunk, dict):
        return False
    carried = False
    if fmt == "chat":
        if chunk.get("error"):
            out["error"] = "midStream"
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            for field in ("content", "reasoning_content", "reasoning", "refusal"):
                if delta.get(field):
                    carried = True
            for call in delta.get("tool_calls") or []:
                if (call.get("function") or {}).get("arguments"):
                    carried = True
            if choice.get("finish_reason"):
                out["terminal"] = "done"
        usage = chunk.get("usage") or {}
        if usage.get("completion_tokens"):
            out["usage"] = usage["completion_tokens"]
    elif fmt == "responses":
        kind = chunk.get("type", name)
        if kind in ("error", "response.failed"):
            out["error"] = "midStream"
        elif kind.endswith(".delta") and chunk.get("delta"):
            carried = True
        elif kind in ("response.completed", "response.incomplete"):
            out["terminal"] = "done"
            usage = (chunk.get("response") or {}).get("usage") or {}
            if usage.get("output_tokens"):
                out["usage"] = usage["output_tokens"]
    elif fmt == "messages":
        kind = chunk.get("type", name)
        if kind == "error":
            out["error"] = "midStream"
        elif kind == "content_block_delta":
            delta = chunk.get("delta") or {}
            if delta.get("text") or delta.get("thinking") or delta.get("partial_json"):
                carried = True
        elif kind == "message_delta":
            usage = chunk.get("usage") or {}
            if usage.get("output_tokens"):
                out["usage"] = usage["output_tokens"]
        elif kind == "message_stop":
            out["terminal"] = "done"
    else:
        if chunk.get("error"):
            out["error"] = "midStream"
        for candidate in chunk.get("candidates") or []:
            for part in (candidate.get("content") or {}).get("parts") or []:
                if part.get("text") or part.get("functionCall"):
                    carried = True
            if candidate.get("finishReason"):
                out["terminal"] = "done"
        usage = chunk.get("usageMetadata") or {}
        if usage.get("candidatesTokenCount"):
            out["usage"] = usage["candidatesTokenCount"]
    if carried:
        out["chars"] += len(data)
    return carried


ARRIVALS = {"next": None}


def _next_arrival(rate):
    """This process's next Poisson arrival (its share of the level's rate); a free user takes it."""
    now = time.perf_counter()
    if ARRIVALS["next"] is None or ARRIVALS["next"] < now - 1.0:
        ARRIVALS["next"] = now
    ARRIVALS["next"] += random.expovariate(rate)
    return ARRIVALS["next"]


def _classify(status):
    if status == 429:
        return "429"
    if status >= 500:
        return "5xx"
    return "4xx"


def _fire(kind, name, ms, length=0, exception=None):
    events.request.fire(
        request_type=kind, name=name, response_time=ms, response_length=length, exception=exception, context={}
    )


class PlanUser(User):
    def on_start(self):
        self.session = requests.Session()

    @task
    def one_request(self):
        step = STATE["step"]
        if step < 0 or step >= len(STEPS):
            time.sleep(0.05)
            return
        target_index, level = STEPS[step]
        if MODE == "rate":
            delay = _next_arrival(level / max(1, STATE["workers"])) - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            if STATE["step"] != step:
                return
        target = TARGETS[target_index]
        warm = STATE["phase"] == "warmup"
        name = "%s @ %s" % (target["label"], LEVEL_LABELS[step])
        prompt = PROMPTS[random.randrange(len(PROMPTS))]
        path, headers, body = _request(target, prompt)
        url = self.host.rstrip("/") + path
        out = {"terminal": None, "error": None, "usage": None, "chars": 0}
        content_at = []
        started = time.perf_counter()
        exception = None
        try:
            response = self.session.post(url, json=body, headers=headers, stream=target["stream"], timeout=TIMEOUT_S)
            if response.status_code >= 300:
                exception = Exception("%s: HTTP %d %s" % (_classify(response.status_code), response.status_code, response.text[:300]))
            elif target["stream"]:
                buffer = ""
                for chunk in response.iter_content(chunk_size=None):
                    read_at = time.perf_counter()
                    buffer += chunk.decode("utf-8", errors="replace")
                    found, buffer = _frames(buffer)
                    for event_name, data in found:
                        if _read_event(target["format"], event_name, data, out):
                            content_at.append(read_at)
                if out["error"]:
                    exception = Exception("midStream: an error event in the stream")
                elif not out["terminal"]:
                    exception = Exception("incomplete: the stream closed before its terminal event")
            else:
                answer = response.json()
                usage = (answer.get("usage") or answer.get("usageMetadata") or {}) if isinstance(answer, dict) else {}
                out["usage"] = usage.get("completion_tokens") or usage.get("output_tokens") or usage.get("candidatesTokenCount")
                out["chars"] = len(response.text)
        except requests.exceptions.Timeout as error:
            exception = Exception("timeout: %s" % error)
        except requests.exceptions.RequestException as error:
            exception = Exception("network: %s" % error)
        ended = time.perf_counter()
        e2e = (ended - started) * 1000
        # Reported usage, else an estimate of 4 characters a token (Locust has no tokenizer).
        tokens = out["usage"] or int(math.ceil(out["chars"] / 4.0))
        if warm:
            _fire("WARMUP", name, e2e, tokens, exception)
            return
        _fire("E2E", name, e2e, tokens, exception)
        if exception is not None:
            return
        if target["stream"] and content_at:
            ttft = (content_at[0] - started) * 1000
            _fire("TTFT", name, ttft)
            for before, after in zip(content_at, content_at[1:]):
                _fire("ITL", name, (after - before) * 1000)
            if tokens > 1:
                _fire("TPOT", name, (e2e - ttft) / (tokens - 1))
        _fire("TOKENS", name, tokens)


def _on_step(environment, msg, **kwargs):
    STATE.update(msg.data)


@events.init.add_listener
def _on_init(environment, **kwargs):
    if not isinstance(environment.runner, MasterRunner):
        environment.runner.register_message("plan_step", _on_step)


class PlanShape(LoadTestShape):
    def tick(self):
        runner = self.runner
        workers = runner.worker_count if isinstance(runner, MasterRunner) else 1
        if STATE["step"] < 0:
            self._go(0, workers)
        step = STATE["step"]
        if step >= len(STEPS):
            return None
        name = "%s @ %s" % (TARGETS[STEPS[step][0]]["label"], LEVEL_LABELS[step])
        warm = runner.stats.get(name, "WARMUP").num_requests
        measured = runner.stats.get(name, "E2E").num_requests
        now = time.perf_counter()
        if STATE["phase"] == "warmup" and warm >= WARMUP:
            STATE["phase"] = "measure"
            self.measure_start = now
            self._send(workers)
        if STATE["phase"] == "measure":
            done = measured >= AMOUNT if PER == "requests" else now - self.measure_start >= AMOUNT
            if done:
                self._go(step + 1, workers)
                if STATE["step"] >= len(STEPS):
                    return None
        level = STEPS[STATE["step"]][1]
        users = int(level) if MODE == "concurrency" else MAX_IN_FLIGHT
        return (users, max(users, 1))

    def _go(self, step, workers):
        STATE["step"] = step
        STATE["phase"] = "warmup" if WARMUP > 0 else "measure"
        self.measure_start = time.perf_counter()
        self._send(workers)

    def _send(self, workers):
        STATE["workers"] = max(1, workers)
        if isinstance(self.runner, MasterRunner):
            self.runner.send_message("plan_step", dict(STATE))
`
