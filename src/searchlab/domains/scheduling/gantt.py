"""A schedule drawn as text: one row per processor along a time axis."""

from __future__ import annotations

from searchlab.domains.scheduling.solve import Schedule


def _fmt(time: float) -> str:
    return f"{time:g}"


def gantt(schedule: Schedule, width: int = 60) -> str:
    """Rows like ``P1 |t1==|t4==================|`` scaled so the finishing time
    spans ``width`` columns (one column per time unit when that fits), with idle time
    as dots and an axis marking every start and end that has room for its label."""
    total = schedule.finishing_time
    if total <= 0:
        return "(nothing to schedule)"
    scale = width / total
    if float(total).is_integer() and total <= width:
        scale = float(width // int(total))  # whole columns per time unit
    columns = round(total * scale)

    def col(time: float) -> int:
        return round(time * scale)

    label_width = len(f"P{len(schedule.processors)}")
    lines = []
    for index, row in enumerate(schedule.processors, start=1):
        cells = ["."] * columns
        bounds: set[int] = set()
        for slot in row:
            left, right = col(slot.start), col(slot.end)
            for c in range(left, right):
                cells[c] = "="
            text = slot.task[: max(0, right - left - 1)]
            cells[left + 1 : left + 1 + len(text)] = list(text)
            bounds.update((left, right))
        line = "".join("|" if c in bounds else cell for c, cell in enumerate(cells)) + (
            "|" if columns in bounds else " "
        )
        lines.append(f"{f'P{index}':<{label_width}} {line}")
    axis = [" "] * (columns + 1)
    ruler = ["-"] * (columns + 1)
    times = sorted({0.0, *(t for s in schedule.slots() for t in (s.start, s.end))})
    # Label the ends first so the finishing time always shows, then the rest left to right.
    for time in [times[-1], *times[:-1]]:
        text, at = _fmt(time), col(time)
        start = min(at, columns + 1 - len(text))
        span = range(max(0, start - 1), min(columns + 1, start + len(text) + 1))
        if all(axis[c] == " " for c in span):
            axis[start : start + len(text)] = list(text)
            ruler[at] = "+"
    pad = " " * (label_width + 1)
    lines.append(pad + "".join(ruler))
    lines.append(pad + "".join(axis).rstrip())
    return "\n".join(lines)
