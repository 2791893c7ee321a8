"""``python -m weka_ranking``: the same as the ``weka-ranking`` command."""

from weka_ranking.cli import main_exit

if __name__ == "__main__":
    main_exit()
