"""``docs/xhits.md``: the study's values put into words by a template.

Nothing is computed here: every number comes from :func:`.study.run`'s
values, formatted.
"""

from __future__ import annotations

from string import Template

from weka_ranking_studies.xhits.study import DECIMALS

TEMPLATE = Template("""\
# XHITS with AMCL, re-implemented as far as the sources allow

Written by `$command` from `docs/xhits.json`; nothing on this page is typed by
hand. The code is `studies/weka_ranking_studies/xhits/`, its tests
`studies/weka_ranking_studies/tests/test_xhits.py`.

## What the sources give, and what they do not

AMCL is the learner of chapter 4 of a PUC-Rio thesis on XHITS (Extended
HITS: $$k$$ categories, or roles, per page of a query's link graph;
category 1 is HITS's authority). The chapter gives the error function
(eqs. 4-1 to 4-3), the gradient-descent updates (4-5 to 4-11) and
Algorithm 4.1 (stop when $$E <$$ PET or after MaxIt iterations). It does not
give the influence matrix $$M_\\sigma$$ (eq. 3-11, in chapter 3, which is not
available), nor $$k$$, the learning rate, PET, MaxIt, the initial
distributions or any data. Two papers by the same authors (KDIR 2009,
"Multiple roles in a hyperlinked structure"; 2011, "Learning to rank in a
hyperlinked structure") say that influence has two sources, link
propagation and classification reinforcement, and report P@10 against
Google's top ten: $published. SVDLP ("latent feature concepts") is very
likely this chapter's AMCL.

**These numbers cannot be reproduced**: the papers' query graphs and
Google's rankings are gone, and the number of queries, $$k$$ and the learning
settings are not given. This page measures the method instead on graphs
whose truth is known.

## Every guess

1. **The influence matrix** [hyp]: $$M = F \\otimes A^T + F^T \\otimes A +
   C \\otimes I_p$$, with $$A$$ the query graph ($$A_{ij} = 1$$ for a link
   $$i \\to j$$) and $$r$$ laid out category-major. It is symmetric, with
   entries $$\\ge 0$$ when $$F, C \\ge 0$$, and with $$k = 2$$,
   $$F = [[0, 1], [0, 0]]$$ and $$C = 0$$ it is HITS (the tests check it
   against networkx's HITS to 1e-9).
2. **Two readings of B**, both implemented and both run: (a) `backward`:
   $$B = F^T$$ (backward propagation, which is why only $$F$$ is learned) and
   $$C = c I_k$$ with $$c = $c$$; (b) `reinforcement`: $$C = B$$, symmetric
   and fixed, here $$c = $c$$ on its diagonal and $coupling off it.
3. **The eigenvector**: the largest eigenvalue's, by a dense
   eigendecomposition (query graphs are small; above a few thousand rows,
   LOBPCG with a block of three vectors). Either sees a tie between the top
   two eigenvalues, or $$-\\lambda_1$$ being an eigenvalue too (HITS at
   $$C = 0$$: power iteration oscillates and the rank-one fit of section
   4.3 is not unique), and reports it; a single-vector method (power
   iteration, Lanczos) would not see the first. Its sign: entries summing to
   $$\\ge 0$$. Scores are rounded to $decimals decimals before ranking, so that
   entries that are 0 in exact arithmetic tie (in page order).
4. **AMCL's settings**: $$k = $k$$; learning rate $learning_rate (the same
   for $$F$$, $$r$$, $$b$$, as in the chapter); MaxIt
   $max_iter, read literally (at most MaxIt + 1 iterations); PET $pet;
   $$F$$ starts at `$init` (HITS's $$F$$, so that AMCL's first ranking is
   HITS's); $$r$$ and $$b$$ start uniform in [0, 1); $$F$$ is not kept
   $$\\ge 0$$ (the chapter does not constrain it).
5. **The corrected equations** of the summary: $$e^{o_{\\sigma j}}$$ for
   the misprinted $$e^{\\sigma_j}$$ in 4-3, eq. 4-3's normaliser over 4-2's,
   one component per page in 4-9, $$r_{\\sigma j}$$ summed over $$j$$ in
   4-10. The rank-one term is $$\\|M\\|_F^2 - 2 b^T M r +
   \\|b\\|^2 \\|r\\|^2$$ without forming $$M$$; $$\\partial E / \\partial F$$
   is in closed form (checked against finite differences to 1e-6).
6. **The data** [hyp]: per query, $$p$$ of $fewest to $most pages in four
   roles: authorities (planted quality in (0, 1]), hubs linking to them in
   proportion to quality, a link farm linking within itself almost all
   ways round, and plain pages. The expert's score is the quality times
   $expert_scale; its top ten are the best ten authorities; NDCG's grades are
   the quality in four bands. $n_queries queries per graph seed,
   $n_train for training and the rest held out; graph seeds $seeds.
7. **Baselines** on the same held-out queries: HITS (category 1 of the
   above at $$C = 0$$), PageRank (damping $damping, a page without links
   links to all) and in-degree. Kendall's tau is tau-b against the expert's
   scores over all pages.

## The numbers

Held-out queries, the mean over $n_seeds graph seeds (sd; min to max):

$table

The farm captures HITS: $hits_in_farm of HITS's top ten held-out pages are
farm pages (mean over seeds).

**AMCL (a) against HITS**, held-out P@10: $gain_a. **AMCL (b)**: $gain_b.

What the eigensolver reported, of the $held_out_rankings held-out rankings of
each XHITS method (a tie: the top eigenvalue is not simple; opposite:
$$-\\lambda_1$$ is an eigenvalue too): $flags.

Per seed (held-out P@10; $$\\rho$$ the training graphs' share of links
answered by a link back, $$F$$ reading (a)'s learned matrix):

$seed_table

## What the numbers say

- The expert reaches $$F$$ only through $$b^T M r$$; the rest of
  $$\\partial E / \\partial F$$ comes from $$\\|M\\|_F^2$$, which
  depends on $$F$$ and on three numbers of each graph only
  ($$\\|A\\|_F^2$$, $$\\langle A, A^T \\rangle$$,
  $$\\operatorname{tr} A$$). Minimising it over $$F_{21}$$ for a given
  $$F_{12}$$ gives $$F_{21} = -\\rho F_{12}$$, and the learned ratio
  follows it (the table's last two columns). A negative $$F_{21}$$ cancels
  links that are
  answered (the farm's) and keeps one-way links (hubs to authorities):
  whatever AMCL gains over HITS comes from there, not from the expert's
  scores directly, so it depends on the graphs' reciprocity.
- With $$F \\ge 0$$ no XHITS of this family escapes a farm that is a
  clique of $$m$$ pages apart from the rest: its eigenvalue there is
  $$(m - 1) \\lambda_{max}(F + F^T) \\ge (m - 1) \\|F\\|_2$$ (true of
  any $$F \\ge 0$$), against $$\\sigma_1 \\|F\\|_2$$ on hubs and
  authorities apart ($$\\sigma_1$$ the top singular value of their
  links), so whenever HITS is captured ($$m - 1 > \\sigma_1$$) so is
  every $$F \\ge 0$$. The chapter's "entries $$\\ge 0$$" and a gain over
  HITS on such graphs do not go together.
- Under reading (b) the learned $$F$$ stays small against $$B$$ (the
  shrinkage above scales $$F$$ with $$c$$), so $$B$$'s top eigenvector
  $$u$$ decides: the ranking is then the top eigenvector of
  $$(u^T F u)(A + A^T)$$, the undirected graph's, which the farm owns.
- The best held-out P@10 here is $best's ($best_p10).
""")


def _cell(spread: dict) -> str:
    return (
        f"{spread['mean']:.3f} ({spread['sd']:.3f}; "
        f"{spread['min']:.3f} to {spread['max']:.3f})"
    )


def _table(summary: dict) -> str:
    rows = ["| method | P@10 | NDCG@10 | Kendall's tau |", "|---|---|---|---|"]
    for name, metrics in summary.items():
        cells = " | ".join(_cell(metrics[m]) for m in ("p@10", "ndcg@10", "tau"))
        rows.append(f"| {name} | {cells} |")
    return "\n".join(rows)


def _gain(gain: dict) -> str:
    return (
        f"{gain['mean']:+.3f} on average (sd {gain['sd']:.3f}; "
        f"{gain['min']:+.3f} to {gain['max']:+.3f}), above HITS on "
        f"{gain['above']} seeds, equal on {gain['equal']}, below on {gain['below']}"
    )


def _seed_table(per_seed: list[dict]) -> str:
    names = ("HITS", "PageRank", "in-degree", "AMCL (a)", "AMCL (b)")
    rows = [
        "| seed | " + " | ".join(names) + " | learned F (a) | F21/F12 | -rho |",
        "|---" * (len(names) + 4) + "|",
    ]
    for s in per_seed:
        p10 = " | ".join(f"{s['metrics'][n]['p@10']:.3f}" for n in names)
        f = (
            "["
            + "; ".join(
                " ".join(f"{x:.4f}" for x in row)
                for row in s["learned"]["backward"]["f"]
            )
            + "]"
        )
        rows.append(
            f"| {s['seed']} | {p10} | {f} | {s['f_ratio']:.3f} "
            f"| {-s['reciprocity']:.3f} |"
        )
    return "\n".join(rows)


def _flags(flags: dict) -> str:
    return "; ".join(
        f"{name}: {counts['tie']} ties, {counts['opposite']} opposite"
        for name, counts in flags.items()
    )


def to_markdown(values: dict, command: str) -> str:
    """The page, from :func:`.study.run`'s values.

    Parameters
    ----------
    values : dict
        The study's values.
    command : str
        The command line that produced them, quoted on the page.

    Returns
    -------
    str
        Markdown.
    """
    plan = values["plan"]
    per_seed = values["per_seed"]
    published = "; ".join(f"{k} {v}" for k, v in values["published"].items())
    return TEMPLATE.substitute(
        plan,
        command=command,
        decimals=DECIMALS,
        published=published,
        seeds=", ".join(str(s) for s in plan["seeds"]),
        n_seeds=len(plan["seeds"]),
        table=_table(values["summary"]),
        hits_in_farm=f"{values['hits_top_ten_in_farm']:.0%}",
        damping=values["damping"],
        fewest=values["pages"]["min"],
        most=values["pages"]["max"],
        best=values["best"],
        best_p10=f"{values['summary'][values['best']]['p@10']['mean']:.3f}",
        held_out_rankings=values["held_out_rankings"],
        flags=_flags(values["eigen_flags"]),
        gain_a=_gain(values["amcl_minus_hits"]["AMCL (a)"]),
        gain_b=_gain(values["amcl_minus_hits"]["AMCL (b)"]),
        seed_table=_seed_table(per_seed),
    )
