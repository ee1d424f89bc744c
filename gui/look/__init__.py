"""The look floor: the themes, the colour maps and the type sizes every view draws with."""
