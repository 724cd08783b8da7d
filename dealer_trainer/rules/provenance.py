"""Where a rule comes from, and how firmly.

Every paytable row, table setting and outcome carries a ``Citation`` so a trainee can be told
which section a mistake breaks, and an instructor can see at a glance which rules are read from
the seed documents and which are assumptions the property may change (regulations/README.md § 2).
"""

from __future__ import annotations

from msgspec import Struct

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


class Citation(Struct, frozen=True):
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
        """The part a grader message ends with: "§ 653b.2(b)", "§§ 653b.4(c), 653b.5(c)",
        "house rule, § 649a.12", "rule of the game"; the same as ``for_trainee``."""
        return self.for_trainee

    @property
    def section(self) -> str:
        """What a verdict's section line shows: the sections as ``for_trainee`` writes them
        ("§ 653b.2(b)", "house rule, § 649a.12"), or nothing for a rule no section states, so a
        phrase ("rule of the game") never stands where a section would."""
        return self.for_trainee if self.sections else ""

    @property
    def for_trainee(self) -> str:
        """The rule's basis as a trainee or examiner reads it: its sections, "house rule" for a
        Rules Submission setting, and never a tag, a developer file or a note on how firmly the
        rule is established (those stay in ``note``)."""
        if not self.sections:
            return _UNSECTIONED[self.provenance]
        sign = "§§" if len(self.sections) > 1 else "§"
        cited = f"{sign} {', '.join(self.sections)}"
        if self.provenance is Provenance.PROPERTY:
            return f"house rule, {cited}"
        return cited

    @property
    def for_instructor(self) -> str:
        """The ``table`` report's form: the trainee's citation and, in plain words, what it rests
        on ("§ 653b.2(b) — regulation text"), without tags or developer files."""
        basis = _BASIS[self.provenance]
        return f"{self.for_trainee} — {basis}" if self.sections else basis

    @property
    def note(self) -> str:
        """The regulation notes' own form, for developers: "[SEED] seed 001, § 653b.2(b)"."""
        sections = ""
        if self.sections:
            sign = "§§" if len(self.sections) > 1 else "§"
            sections = f"{sign} {', '.join(self.sections)}"
        parts = [part for part in (self.source, sections) if part]
        return f"{self.provenance.tag} {', '.join(parts)}".rstrip()

    def __str__(self) -> str:
        """Text that reaches a person is the trainee's form, whatever builds it."""
        return self.for_trainee


_UNSECTIONED: dict[Provenance, str] = {
    Provenance.SEED: "Pennsylvania Code",
    Provenance.CODE: "Pennsylvania Code",
    Provenance.ANALOG: "Pennsylvania Code",
    Provenance.STANDARD: "rule of the game",
    Provenance.PROPERTY: "house rule",
}

_BASIS: dict[Provenance, str] = {
    Provenance.SEED: "regulation text",
    Provenance.CODE: "regulation text",
    Provenance.ANALOG: "another game's rule, applied by analogy",
    Provenance.STANDARD: "common practice; the regulation text is silent or not yet checked",
    Provenance.PROPERTY: "this casino's Rules Submission",
}


def seed(source: str, *sections: str) -> Citation:
    return Citation(Provenance.SEED, tuple(sections), source)


def code(*sections: str) -> Citation:
    return Citation(Provenance.CODE, tuple(sections))


def analog(source: str, *sections: str) -> Citation:
    return Citation(Provenance.ANALOG, tuple(sections), source)


def standard(note: str = "unverified") -> Citation:
    return Citation(Provenance.STANDARD, (), note)
