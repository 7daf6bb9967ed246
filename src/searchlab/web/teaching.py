"""What a teacher shows at each step, derived on the server from the engine's events.

The page explains a search from what the engine reported, never by searching again.
A ``Teacher`` follows one run's events in order (every one, also those a recorded run
only counts) and adds to the events the page keeps what they imply, by what the run's
algorithm declares (``algorithms.declaration``: its family, the kind of frontier it
keeps, the detail it reports), never by its name, so a plug-in's is explained alike:

- graph search over a queue of states (A*, greedy, uniform-cost, weighted A*;
  breadth-first without the ``Frontier`` detail): the move that led to each node
  expanded and from where, each successor with g, h, f and its fate (new, re-opened, a
  cheaper path to a state still waiting, or refused and why), the size of the closed
  set, and the head of the open list in the order the search takes it (the engine's
  ``Frontier`` detail);
- tree searches along one path (depth-first, iterative deepening, IDA*, RBFS) or over
  an open list of tree nodes (Bratko's best-first): a number for every node and its
  parent's, so the page can draw the tree, the successors refused under each, IDA*'s
  bound and RBFS's f-limit (``Ceiling``), and for depth-first search the moves already
  tried from the node being extended;
- a climb that reports its successors' scores (hill climbing): every successor's value
  (``Candidates``) and, at each restart and at the end, why the climb stopped (a local
  minimum, a plateau, sideways moves used up).

Everything sent is capped (``MAX_*`` below, and ``max_detail_bytes`` a run): past the
cap the heavy parts (successors, the open list, the scores) are left out, and the page
is told from where.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from searchlab.algorithms.declaration import Algorithm
from searchlab.core import events
from searchlab.core.encoding import EventEncoder, number
from searchlab.core.events import Event
from searchlab.domains.base import Domain, SearchRequest
from searchlab.domains.prolog.problem import ClauseMove
from searchlab.web.eventlog import dumps

PATHS = frozenset({"path", "path-depth", "path-f", "path-siblings"})
"""The frontier kinds of a tree search along one path: a node's parent is the node one
level up (depth-first search, iterative deepening, IDA*, RBFS)."""

MAX_HEAD = 8
"""Open-list entries shown after an expansion (the first ones the search will take)."""
MAX_CHILDREN = 32
"""Successors listed for one step (the rest are counted)."""
MAX_SCORES = 4096
"""Successors' scores sent for one hill-climbing step (a 64×64 board's column moves)."""
MAX_LEFT = 64
"""Nodes left (backtracked from) listed for one step."""
MAX_TEXT = 80
"""Characters of a state written as text (``Domain.format``)."""

DETAIL = {"frontier": MAX_HEAD, "scores": MAX_SCORES, "ceiling": 1}
"""What the recorder asks the engine for (``events.detail_of``), by the detail an
algorithm declares it reports (RBFS's f-limit, ``events.Ceiling``, is all of its)."""


def engine_detail(algorithm: Algorithm) -> int:
    """What the recorder asks the engine for (``events.detail_of``)."""
    return 0 if algorithm.detail is None else DETAIL[algorithm.detail]


def family(algorithm: Algorithm) -> str | None:
    """How the page explains a run of ``algorithm`` (None: by its events alone): a
    graph search over a queue of states, a tree search (Bratko's open list of tree
    nodes, or one path), or a climb whose successors' scores are reported."""
    if algorithm.family == "graph" and algorithm.frontier == "queue":
        return "graph"
    if algorithm.family == "tree" and (
        algorithm.frontier == "tree-queue" or algorithm.frontier in PATHS
    ):
        return "tree"
    if algorithm.family == "local" and algorithm.detail == "scores":
        return "local"
    return None


@dataclass(eq=False)
class _Node:
    """A node of a tree search on the current path (or Bratko's open list)."""

    id: int
    parent: int | None
    state: Hashable
    moves: list[Any] = field(default_factory=list)  # moves tried from it, in order
    born: list[Hashable] = field(default_factory=list)  # the states they led to


@dataclass
class _Child:
    """A successor generated during the current step."""

    move: Any
    state: Hashable
    g: float
    h: float
    at: int | None  # the tree node it was generated from
    known: float | None  # the g its state was reached at before (graph search)
    closed: bool  # its state had been expanded before (graph search)
    reason: str | None = None  # why it was refused
    f: float | None = None
    node: int | None = None
    bound: float | None = None


_REFUSED = object()
"""A successor refused, among the moves of a step."""

Note = dict[str, Any] | Callable[[], dict[str, Any]] | None
"""What ``Teacher.see`` adds to an event: fields, or a function writing them (called only
for an event that is kept: a live search counts millions it never sends)."""


def written(note: Note) -> dict[str, Any]:
    """The fields of a note."""
    if note is None:
        return {}
    return note() if callable(note) else note


def _made_by(move: Any) -> dict[str, Any]:
    """Which clause of a Prolog problem's successor relation gave ``move`` (``clause``),
    for the source panel beside the search; nothing for any other move."""
    if isinstance(move, ClauseMove):
        return {"clause": move.clause}
    return {}


class Teacher:
    """Follows one run's events (``see``, in order) and says what to add to them.
    ``recorded``: the run is recorded, and each expansion is written once its step is
    over (``step``); a live search sends each event as it comes."""

    def __init__(
        self,
        domain: Domain[Any, Any],
        request: SearchRequest,
        encoder: EventEncoder,
        max_bytes: int,
        *,
        recorded: bool = True,
        texts: bool = True,
    ) -> None:
        self.recorded = recorded
        self.texts = texts  # states are also written as text (the generic view shows them)
        # moves written as the domain writes them, when it says how
        self.move_texts = domain.writes_moves()
        self.domain = domain
        self.algorithm: Algorithm = request.info
        self.family = family(self.algorithm)
        self.detail = engine_detail(self.algorithm)
        self.sideways_allowed = int(request.options.get("sideways", 0) or 0)
        self.encoder = encoder
        self.max_bytes = max_bytes
        self.spent = 0  # bytes of heavy notes sent so far
        self.cut_at: int | None = None  # the first expansion whose heavy notes were left out
        self.expansions = 0
        # graph search
        self.best: dict[Hashable, float] = {}  # g known (while the heavy notes are sent)
        self.expanded: set[Hashable] = set()
        self.skipped = 0  # stale entries skipped before the next expansion
        self.pending: tuple[Hashable, float] | None = None  # a successor and its g, if taken
        # tree searches
        self.next_id = 0
        self.stack: list[_Node] = []
        self.bound: float | None = None  # IDA*'s or iterative deepening's round
        self.bratko: dict[int, tuple[int, Any]] = {}  # node: its parent's number, its move
        self.born: list[Any] = []  # moves generated this step (Bratko), _REFUSED if refused
        self.head: tuple[events.Entry, ...] = ()
        # the step since the last expansion
        self.children: list[_Child] = []
        self.frontier: events.Frontier | None = None
        self.limit: float | None = None
        self.left: list[int] = []
        # hill climbing
        self.scores: events.Candidates | None = None
        self.h_now: float | None = None
        self.see: Callable[[Event], Note] = self._nothing
        """What to add to an event if it is kept (None: nothing), shown every event in
        order; detail events are taken in here and never kept."""
        if self.family == "graph":
            self.see = self._graph
        elif self.algorithm.frontier == "tree-queue":
            self.see = self._bratko
        elif self.family == "tree":
            self.see = self._depth
        elif self.family == "local":
            self.see = self._local

    # -- writing ----------------------------------------------------------------------
    def text(self, state: Hashable) -> str:
        written = self.domain.format(state)
        return written if len(written) <= MAX_TEXT else written[: MAX_TEXT - 1] + "…"

    def _state(self, state: Hashable) -> dict[str, Any]:
        if not self.texts:
            return {"state": self.encoder.state(state)}
        out = {"state": self.encoder.state(state), "text": self.text(state)}
        mini = getattr(self.encoder, "mini", None)  # a small board, drawn as the page does
        drawing = mini(state) if mini is not None else None
        if drawing is not None:
            out["drawing"] = drawing
        return out

    def _entry(self, entry: events.Entry) -> dict[str, Any]:
        return {
            **self._state(entry.state),
            "g": number(entry.g),
            "h": number(entry.h),
            "f": number(entry.f),
            "node": entry.node,
            "stale": entry.stale,
        }

    def _move(self, move: Any) -> dict[str, Any]:
        out = {"move": self.encoder.move(move)}
        if self.move_texts:
            out["move_text"] = self.domain.format_move(move)
        out.update(_made_by(move))
        return out

    def _child(self, child: _Child) -> dict[str, Any]:
        out: dict[str, Any] = {
            **self._move(child.move),
            **self._state(child.state),
            "g": number(child.g),
            "h": number(child.h),
        }
        if child.f is not None:
            out["f"] = number(child.f)
        if child.reason is not None:
            out["status"] = "refused"
            out["reason"] = child.reason
        elif child.known is None:
            out["status"] = "new"
        elif child.closed:
            out["status"] = "reopened"
        else:
            out["status"] = "better"
        if child.known is not None:
            out["known"] = number(child.known)
        if child.at is not None:
            out["at"] = child.at
        if child.node is not None:
            out["node"] = child.node
        if child.bound is not None:
            out["bound"] = number(child.bound)
        return out

    def _heavy(self, notes: dict[str, Any]) -> bool:
        """Whether ``notes`` still fit the run's budget (counted if they do). Past it,
        the engine is asked for no more than the light part of its detail."""
        if self.cut_at is not None:
            return False
        size = len(dumps(notes))
        if self.spent + size > self.max_bytes:
            self.cut_at = max(1, self.expansions)
            # the open list's size and Bratko's node numbers still come with a head of 1
            self.detail = 1 if self.detail and self.family != "local" else 0
            return False
        self.spent += size
        return True

    # -- following the events -----------------------------------------------------------
    @staticmethod
    def _nothing(_event: Event) -> Note:
        return None

    def step(self) -> dict[str, Any]:
        """What the step since the last expansion adds to it (its successors, the open
        list after it, …): asked once, when that expansion is written."""
        notes: dict[str, Any] = {}
        heavy: dict[str, Any] = {}
        cut = self.cut_at is not None
        if self.children and not cut:
            heavy["children"] = [self._child(c) for c in self.children[:MAX_CHILDREN]]
            if len(self.children) > MAX_CHILDREN:
                notes["more_children"] = len(self.children) - MAX_CHILDREN
        frontier = self.frontier
        if frontier is not None:
            notes["size"] = frontier.size
            if not cut:
                heavy["head"] = [self._entry(entry) for entry in frontier.head]
        if self.limit is not None:
            notes["limit"] = number(self.limit)
        if self.left:
            notes["left"] = self.left[:MAX_LEFT]
        if heavy and self._heavy(heavy):
            notes.update(heavy)
        self.children, self.frontier, self.limit, self.left = [], None, None, []
        return notes

    def summary(self) -> dict[str, Any]:
        """What the page is told once, with the run (``info["teaching"]``): how it
        explains the run, and what the algorithm's declaration says the words need."""
        out: dict[str, Any] = {
            "family": self.family,
            "head": MAX_HEAD,
            "title": self.algorithm.title,
            "frontier": self.algorithm.frontier,
        }
        if self.cut_at is not None:
            mb = self.max_bytes / 2**20
            out["cut"] = (
                f"the successors, the open list and the scores are shown up to expansion "
                f"{self.cut_at:,}: the viewer keeps at most {mb:g} MB of them a run"
            )
        if self.family == "local" and self.scores is not None:
            final = self._scores_note(self.scores)
            if final is not None:
                out["final"] = final
            out["reason"] = self._stuck(self.scores)
        return out

    # graph search: A*, greedy, uniform-cost, weighted A*, breadth-first
    def _graph(self, event: Event) -> dict[str, Any] | None:
        kind = type(event)
        if kind is events.Generate:
            assert isinstance(event, events.Generate)
            if self.cut_at is not None:  # only the successors' fates need what follows
                return None
            self._commit()
            state = event.state
            known = self.best.get(state)
            closed = state in self.expanded
            self.children.append(_Child(event.move, state, event.g, event.h, None, known, closed))
            self.pending = (state, event.g)
            return None
        if kind is events.Prune:
            assert isinstance(event, events.Prune)
            if event.reason == "stale":  # an old entry surfaced: not about a successor
                self._commit()
                self.skipped += 1
            elif self.cut_at is None:  # the successor just generated is refused
                self.pending = None
                if self.children:
                    self.children[-1].reason = event.reason
            return None
        self._commit()
        if kind is events.Frontier:
            assert isinstance(event, events.Frontier)
            accepted = [c for c in self.children if c.reason is None]
            for child, entry in zip(accepted, event.pushed, strict=False):
                child.f = entry.f
            self.frontier = event
            return self._via(event.via)  # for the expansion it follows
        if kind is events.Expand:
            assert isinstance(event, events.Expand)
            self.expansions += 1
            self.expanded.add(event.state)
            if self.cut_at is None:
                self.best.setdefault(event.state, event.g)
            notes: dict[str, Any] = {"closed": len(self.expanded)}
            if self.skipped:
                notes["skipped"] = self.skipped
                self.skipped = 0
            return notes
        return None

    def _commit(self) -> None:
        """The successor generated last was not refused: it is reached at its g."""
        if self.pending is not None:
            state, g = self.pending
            self.best[state] = g
            self.pending = None

    def _via(self, link: tuple[Hashable, Any] | None) -> dict[str, Any]:
        """How the state expanded was reached: the move (and, with the heavy notes,
        from which state)."""
        if link is None:
            return {}
        parent, move = link
        if self.cut_at is not None:
            return {"via": self._move(move)}
        return {"via": {**self._move(move), "from": self.text(parent)}}

    # Bratko's best-first search: nodes numbered by the engine
    def _bratko(self, event: Event) -> dict[str, Any] | None:
        kind = type(event)
        if kind is events.Generate:
            assert isinstance(event, events.Generate)
            self.born.append(event.move)
            if self.cut_at is None:
                self.children.append(
                    _Child(event.move, event.state, event.g, event.h, None, None, False)
                )
            return None
        if kind is events.Prune:
            assert isinstance(event, events.Prune)
            if self.born:
                self.born[-1] = _REFUSED
            if self.children and self.cut_at is None:
                self.children[-1].reason = event.reason
            return None
        if kind is events.Frontier:
            assert isinstance(event, events.Frontier)
            node = event.node
            moves = [move for move in self.born if move is not _REFUSED]
            for move, entry in zip(moves, event.pushed, strict=False):
                self.bratko[entry.node] = (node, move)
            self.born = []
            if self.cut_at is None:
                accepted = [c for c in self.children if c.reason is None]
                for child, entry in zip(accepted, event.pushed, strict=False):
                    child.f, child.node = entry.f, entry.node
                for child in self.children:
                    child.at = node
            self.frontier = event
            self.head = event.head
            parent = self.bratko.get(node, (None, None))[0]
            return {"node": node, "parent": parent, **self._via(event.via)}
        if kind is events.Expand:
            self.expansions += 1
            return None
        if isinstance(event, events.Solution):
            if not self.head:
                return {"node": 0, "parent": None}
            goal = self.head[0].node  # the head is what the search takes next
            link = self.bratko.get(goal)
            if link is None:
                return {"node": goal, "parent": None}
            return {"node": goal, "parent": link[0], "via": self._move(link[1])}
        return None

    # depth-first, iterative deepening, IDA*, RBFS: a stack of nodes along the path
    def _moves(self, moves: list[Any], count: int) -> list[Any]:
        move = self.encoder.move
        return [move(m) for m in moves[:count]]

    def _depth(self, event: Event) -> Note:
        stack = self.stack
        kind = type(event)
        if kind is events.Generate:
            assert isinstance(event, events.Generate)
            if not stack:
                return None
            top = stack[-1]
            before = len(top.moves)
            top.moves.append(event.move)
            top.born.append(event.state)
            if self.recorded:
                self.children.append(
                    _Child(event.move, event.state, event.g, event.h, top.id, None, False)
                )
            return lambda: {"at": top.id, "tried": self._moves(top.moves, before)}
        if kind is events.Prune:
            assert isinstance(event, events.Prune)
            if not stack:
                return None
            top = stack[-1]
            if self.recorded and self.children:
                refused = self.children[-1]
                refused.reason = event.reason
                if event.reason == "bound":  # IDA* refuses f = g + h past its bound
                    refused.bound = self.bound
                    refused.f = refused.g + refused.h
            tried = len(top.moves)
            return lambda: {"at": top.id, "tried": self._moves(top.moves, tried)}
        if kind is events.Expand:
            assert isinstance(event, events.Expand)
            self.expansions += 1
            del stack[event.depth :]
            parent = stack[-1] if stack else None
            node = _Node(self.next_id, None if parent is None else parent.id, event.state)
            self.next_id += 1
            stack.append(node)
            bound = self.bound
            came = None if parent is None else self._came(parent, event.state)

            def expand() -> dict[str, Any]:
                notes: dict[str, Any] = {"node": node.id, "parent": node.parent}
                if parent is not None and came is not None:
                    notes.update(self._via_tried(parent, came))
                if bound is not None:
                    notes["bound"] = number(bound)
                return notes

            return expand
        if kind is events.Backtrack:
            assert isinstance(event, events.Backtrack)
            left = stack[event.depth].id if event.depth < len(stack) else None
            del stack[event.depth :]
            if self.recorded and left is not None and len(self.left) < MAX_LEFT:
                self.left.append(left)
            if not stack:
                return {"left": left}
            top = stack[-1]
            tried = len(top.moves)
            return lambda: {"left": left, "at": top.id, "tried": self._moves(top.moves, tried)}
        if isinstance(event, events.Ceiling):
            self.limit = event.limit
            return None
        if isinstance(event, events.Threshold):
            self.bound = event.bound
            stack.clear()
            return {"first": self.next_id}
        if isinstance(event, events.Solution):
            parent = stack[-1] if stack else None
            goal = event.path[-1]
            if parent is None or (len(event.path) == 1 and parent.state == goal):
                return {"node": None if parent is None else parent.id, "parent": None}
            number_ = self.next_id
            self.next_id += 1
            came = self._came(parent, goal)
            notes = {"node": number_, "parent": parent.id}
            if came is not None:
                notes.update(self._via_tried(parent, came))
            return notes
        return None

    @staticmethod
    def _came(parent: _Node, state: Hashable) -> int | None:
        """Where among ``parent``'s successors ``state`` was generated (the latest)."""
        for index in range(len(parent.born) - 1, -1, -1):
            if parent.born[index] == state:
                return index
        return None

    def _via_tried(self, parent: _Node, index: int) -> dict[str, Any]:
        """The move from ``parent`` at ``index`` and the moves tried from it before."""
        move = parent.moves[index]
        return {
            "via": {**self._move(move), "from": self.text(parent.state)},
            "tried": self._moves(parent.moves, index),
        }

    # hill climbing
    def _local(self, event: Event) -> dict[str, Any] | None:
        if isinstance(event, events.Expand):
            self.expansions += 1
            self.h_now = event.h
            return None
        if isinstance(event, events.Candidates):
            self.scores = event
            return None
        if isinstance(event, events.Step):
            notes: dict[str, Any] = _made_by(event.move)
            if self.scores is not None:
                scored = self._scores_note(self.scores, own=False)
                if scored is not None:
                    notes["scores"] = scored
            self.scores = None
            return notes
        if isinstance(event, events.Restart):
            notes = {}
            if self.scores is not None:
                scored = self._scores_note(self.scores)
                if scored is not None:
                    notes["scores"] = scored
                notes["reason"] = self._stuck(self.scores)
            self.scores = None
            return notes
        if isinstance(event, events.Solution):
            self.scores = None
        return None

    def _scores_note(self, scores: events.Candidates, *, own: bool = True) -> dict[str, Any] | None:
        """The scores of the successors of ``scores.state`` (``of``, unless the event
        they go with is about that state: a step from it)."""
        if self.cut_at is not None:
            return None
        note: dict[str, Any] = {
            "moves": [[self.encoder.move(m), number(v)] for m, v in scores.scores],
            "total": scores.total,
            "best": number(scores.best),
        }
        if own:
            note["of"] = self.encoder.state(scores.state)
        return note if self._heavy(note) else None

    def _stuck(self, scores: events.Candidates) -> str:
        """Why a climb stopped at ``scores.state``, in words."""
        h = self.h_now
        shown = "?" if h is None else f"{h:g}"
        if scores.total == 0:
            return f"no move at all from this state (h = {shown})"
        best = scores.best
        if h is not None and best == h:
            if self.sideways_allowed == 0:
                return f"a plateau at h = {shown}: no move lowers h, and sideways moves are off"
            return (
                f"a plateau at h = {shown}: no move lowers h, and the "
                f"{self.sideways_allowed} sideways moves allowed in a row are used up"
            )
        if h is not None and best > h:
            return f"a local minimum at h = {shown}: every move raises h (the best one to {best:g})"
        return f"stopped at h = {shown}"
