"""A small agent for the tests: plays the first legal move, or one that ends the turn least often."""


def choose(world, moves):
    """The first of the legal moves."""
    return moves[0]


def by_index(world, moves):
    return len(moves) - 1


def wrong(world, moves):
    return "no such move"


def broken(world, moves):
    raise KeyError("oops")


not_callable = 3
