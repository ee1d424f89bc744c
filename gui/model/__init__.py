"""The model floor: the one state object, its field declarations, the numbers derived from
it, and the decks that request its values."""
