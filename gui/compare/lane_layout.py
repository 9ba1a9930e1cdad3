"""Where every chip of every lane goes: segments side by side in bands as
wide as the view.  Plain Python over chip widths (no Qt), so it is cheap to
redo on every resize and easy to test.

Lane ``r`` has chip widths ``widths[r]`` and, from :mod:`.alignment`,
``firsts[r]`` (segment ``k`` holds its tokens ``firsts[r][k]:firsts[r][k+1]``).
A segment is as wide as its widest lane; every lane's chips in it start at
its left edge, which is where the shared boundary is drawn.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

GAP = 3  # between chips of a lane
SEG_IN = 6  # from a segment's edge (where the shared-boundary line is) to its first chip
EMPTY_SEGMENT = 10  # width of a segment no lane has a token in (all dropped that input)


@dataclass(frozen=True)
class Placed:
    """A segment (or, for a segment wider than a line, one piece of it) in a band."""

    segment: int
    x: int  # from the band's left edge
    width: int
    ranges: tuple[tuple[int, int], ...]  # per lane: its tokens here, [first, end)
    first: bool  # the segment's first piece (its left edge is the segment's start)
    last: bool  # the segment's last piece


class LaneLayout:
    def __init__(self, widths=(), firsts=()):
        self.widths = [list(w) for w in widths]
        self.firsts = list(firsts)
        # Per lane: x of each token from the lane's start (chips and gaps), and the end.
        self.cums = [[0, *accumulate(map(GAP.__add__, w))] for w in self.widths]
        self.segment_widths = self._measure_segments()
        self.segment_x = [0]  # where each segment would start if all were on one line
        self.bands: list[tuple] = []  # (first segment, end segment, piece or None)
        self.band_starts: list[int] = []
        self.pieces: dict[int, list] = {}  # segment -> [(ranges, width)], for segments wider than a line
        self.width = 0  # of the widest band

    def _measure_segments(self) -> list[int]:
        """The widest lane's chips in each segment."""
        per_lane = [[cum[b] - cum[a] for a, b in zip(firsts, firsts[1:])] for cum, firsts in zip(self.cums, self.firsts)]
        if not per_lane:
            return []
        widest = per_lane[0] if len(per_lane) == 1 else list(map(max, *per_lane))
        return [w if w else EMPTY_SEGMENT for w in widest]

    def pack(self, line: int) -> None:
        """Put segments into bands at most ``line`` wide.

        A band is ``(first, end, piece)``: segments ``first:end`` side by
        side, or (``piece`` not None) one piece of a segment too wide for a
        line.  Only the bands in view are turned into :class:`Placed` items.
        """
        xs = self.segment_x = [0, *accumulate(w + SEG_IN for w in self.segment_widths)]
        self.pieces = {}
        bands, k, count = [], 0, len(self.segment_widths)
        while k < count:
            if xs[k + 1] - xs[k] > line:
                self.pieces[k] = self._split(k, line)
                bands.extend((k, k + 1, j) for j in range(len(self.pieces[k])))
                k += 1
                continue
            # As many segments as fit; a too-wide one never fits, so it starts its own band.
            end = bisect_right(xs, xs[k] + line, k + 1) - 1
            bands.append((k, end, None))
            k = end
        self.bands = bands
        self.band_starts = [b[0] for b in bands]
        self.width = max((self.band_width(b) for b in bands), default=0)

    def band_width(self, band) -> int:
        first, end, piece = band
        if piece is not None:
            return self.pieces[first][piece][1]
        return self.segment_x[end] - self.segment_x[first]

    def _split(self, k: int, line: int) -> list[tuple[tuple[tuple[int, int], ...], int]]:
        """A segment wider than a line, as (ranges per lane, width) per band:
        each lane's chips wrap on their own in it (they cannot line up here)."""
        room = line - SEG_IN
        lines_per_lane = []
        for cum, firsts in zip(self.cums, self.firsts):
            a, b = firsts[k], firsts[k + 1]
            lines, start = [], a
            while start < b:
                end = max(bisect_right(cum, cum[start] + room, start + 1, b + 1) - 1, start + 1)
                lines.append((start, end))
                start = end
            lines_per_lane.append(lines)
        pieces = []
        for j in range(max(map(len, lines_per_lane))):
            ranges = tuple(lines[j] if j < len(lines) else (f[k + 1], f[k + 1])
                           for lines, f in zip(lines_per_lane, self.firsts))
            width = max(self.cums[r][b] - self.cums[r][a] for r, (a, b) in enumerate(ranges)) + SEG_IN
            pieces.append((ranges, width))
        return pieces

    def items(self, band: int) -> list[Placed]:
        """The segments (or the piece of one) placed in band ``band``."""
        first, end, piece = self.bands[band]
        if piece is not None:
            ranges, width = self.pieces[first][piece]
            return [Placed(first, 0, width, ranges, piece == 0, piece == len(self.pieces[first]) - 1)]
        xs, left = self.segment_x, self.segment_x[first]
        return [Placed(k, xs[k] - left, xs[k + 1] - xs[k], tuple((f[k], f[k + 1]) for f in self.firsts), True, True)
                for k in range(first, end)]

    def x_of(self, item: Placed, lane: int, token: int) -> int:
        """A chip's x from its band's left edge."""
        cum = self.cums[lane]
        return item.x + SEG_IN + cum[token] - cum[item.ranges[lane][0]]

    def locate(self, lane: int, token: int) -> tuple[int, Placed] | None:
        """The band and item that show token ``token`` of lane ``lane``."""
        segment = bisect_right(self.firsts[lane], token) - 1
        band = bisect_right(self.band_starts, segment) - 1
        while band >= 0:  # back through the pieces of a split segment
            for item in self.items(band):
                a, b = item.ranges[lane]
                if a <= token < b:
                    return band, item
            if self.bands[band][2] is None or self.band_starts[band] != segment:
                break
            band -= 1
        return None

    def hit(self, band: int, lane: int, x: int) -> int | None:
        """The token of ``lane`` at ``x`` (from the band's left edge) in band ``band``, if any."""
        for item in self.items(band):
            if item.x <= x < item.x + item.width:
                a, b = item.ranges[lane]
                cum = self.cums[lane]
                along = cum[a] + x - item.x - SEG_IN
                token = bisect_right(cum, along, a, b) - 1
                if a <= token < b and along - cum[token] < self.widths[lane][token]:
                    return token
                return None
        return None
