"""Runs inside the oracle venv: reads jobs as JSON from stdin, answers what
recurring-ical-events shows in each window, as JSON on stdout.

A job: {"file", "zone", "windows": [[from, to], ...] or null} in Unix seconds (null: weeks
around the events' starts). An answer per job: {"windows", "answers"}, an answer per window: {"occurrences": [[start, end, allDay, summary], ...]} or
{"error": "..."}. Dates (all-day events) count from midnight in the zone, floating times
are read in the zone, as a calendar widget there reads them."""
import datetime
import json
import signal
import sys
import zoneinfo

import icalendar
import recurring_ical_events


def seconds(value, zone):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=zone)
        return value.timestamp()
    return datetime.datetime(value.year, value.month, value.day, tzinfo=zone).timestamp()


WEEK = 7 * 86400


class TimedOut(Exception):
    """The reference took longer than LIMIT seconds for one window (it loops forever on
    one of its own test calendars, issue_113_period_in_rdate.ics, in some windows)."""


LIMIT = 10


def alarm(signum, frame):
    raise TimedOut(f"the reference took over {LIMIT} s")


signal.signal(signal.SIGALRM, alarm)


def windows(calendar, zone):
    """Weeks around the events' own starts: one starting 90 minutes before a start, one
    30 minutes into it (a running event), and ones 40 and 400 days on (later repeats);
    the week that ends an hour after each rule's UNTIL (its last occurrences); and, for a
    calendar that repeats, a week of November 2026."""
    starts = set()
    untils = set()
    repeats = False
    for event in calendar.walk("VEVENT"):
        try:
            starts.add(seconds(event.start, zone))
        except Exception:
            continue
        for rule in event.get("RRULE", []) if isinstance(event.get("RRULE"), list) else [event.get("RRULE")]:
            if not rule:
                continue
            repeats = True
            for until in rule.get("UNTIL", []):
                try:
                    untils.add(seconds(until, datetime.timezone.utc if isinstance(until, datetime.datetime) and until.tzinfo is None else zone))
                except Exception:
                    pass
    starts = sorted(starts)
    if len(starts) > 4:
        starts = [starts[round(i * (len(starts) - 1) / 3)] for i in range(4)]
    chosen = []
    for s in starts:
        for begin in (s - 5400, s + 1800, s + 40 * 86400 - 5400, s + 400 * 86400 - 5400):
            chosen.append([begin, begin + WEEK])
    for until in sorted(untils)[:4]:
        chosen.append([until + 3600 - WEEK, until + 3600])
    if repeats:
        chosen.append([1795000000, 1795000000 + WEEK])
    return chosen or [[1795000000, 1795000000 + WEEK]]


def answer(job):
    zone = zoneinfo.ZoneInfo(job["zone"])
    try:
        with open(job["file"], "rb") as f:
            calendar = icalendar.Calendar.from_ical(f.read())
        if job.get("windows") is None:
            job["windows"] = windows(calendar, zone)
        query = recurring_ical_events.of(calendar)
    except Exception as error:  # the reference refuses the file
        job["windows"] = job.get("windows") or [[1795000000, 1795000000 + WEEK]]
        return {"windows": job["windows"], "answers": [{"error": f"{type(error).__name__}: {error}"} for _ in job["windows"]]}
    results = []
    for start, stop in job["windows"]:
        signal.alarm(LIMIT)
        try:
            found = []
            for event in query.between(datetime.datetime.fromtimestamp(start, zone), datetime.datetime.fromtimestamp(stop, zone)):
                # The reference returns cancelled occurrences for its caller to drop; a
                # calendar shows none, nor does the widget.
                if str(event.get("STATUS", "")).upper() == "CANCELLED":
                    continue
                begin = event.start
                end = event.end
                all_day = not isinstance(begin, datetime.datetime)
                found.append([seconds(begin, zone), seconds(end, zone), all_day, str(event.get("SUMMARY", ""))])
            results.append({"occurrences": found})
        except TimedOut as error:
            results.append({"timeout": str(error)})
        except Exception as error:
            results.append({"error": f"{type(error).__name__}: {error}"})
        finally:
            signal.alarm(0)
    return {"windows": job["windows"], "answers": results}


jobs = json.load(sys.stdin)
json.dump([answer(job) for job in jobs], sys.stdout)
