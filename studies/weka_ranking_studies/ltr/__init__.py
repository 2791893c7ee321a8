"""Query-grouped learning to rank: graded relevance, metrics per query, rankers."""
