"""Where a rule comes from, and how firmly.

Every paytable row, table setting and outcome carries a ``Citation`` so a trainee can be told
which section a mistake breaks, and an instructor can see at a glance which rules are read from
the seed documents and which are assumptions the property may change (regulations/README.md § 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_trainer.vocabulary import Vocabulary


class Provenance(Vocabulary, noun="a provenance"):
    """How firmly a rule is established; the values are what the UI shows."""

    SEED = "seed-verified"
    CODE = "Pennsylvania Code, not in the seeds"
    ANALOG = "by analogy with another chapter"
    STANDARD = "common industry practice, unverified"
    PROPERTY = "supplied by the property's Rules Submission, unverified"

    @property
    def tag(self) -> str:
        """The bracketed tag used in the regulation notes, e.g. "[SEED]"."""
        return f"[{self.name}]"

    @property
    def from_seed(self) -> bool:
        return self is Provenance.SEED

    @classmethod
    def from_text(cls, text: str) -> Provenance:
        """Also accept the bracketed tag of the regulation notes, "[SEED]"."""
        return super().from_text(text.strip().strip("[]"))


@dataclass(frozen=True)
class Citation:
    """A rule's source: provenance, the 58 Pa. Code sections, and the document that states it.

    ``sections`` are written without the section sign ("653b.2(b)"); ``source`` names the
    document or chapter ("seed 001", "seed 000, preamble", "ch. 639a (seed 000)", "unverified").
    """

    provenance: Provenance
    sections: tuple[str, ...] = ()
    source: str = ""

    def __post_init__(self) -> None:
        for section in self.sections:
            if not section or section.startswith("§"):
                raise ValueError(f"write section {section!r} without the section sign")

    @property
    def short(self) -> str:
        """The part a grader message ends with: "§ 653b.2(b)", "§§ 653b.4(c), 653b.5(c)"."""
        if not self.sections:
            return self.source or self.provenance.value
        sign = "§§" if len(self.sections) > 1 else "§"
        return f"{sign} {', '.join(self.sections)}"

    def __str__(self) -> str:
        """The notes' own form: "[SEED] seed 001, § 653b.2(b)"."""
        parts = [part for part in (self.source, self.short if self.sections else "") if part]
        return f"{self.provenance.tag} {', '.join(parts)}".rstrip()


def seed(source: str, *sections: str) -> Citation:
    return Citation(Provenance.SEED, tuple(sections), source)


def code(*sections: str) -> Citation:
    return Citation(Provenance.CODE, tuple(sections))


def analog(source: str, *sections: str) -> Citation:
    return Citation(Provenance.ANALOG, tuple(sections), source)


def standard(note: str = "unverified") -> Citation:
    return Citation(Provenance.STANDARD, (), note)
