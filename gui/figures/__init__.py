"""The design card's three views: heatmap, clock hands (dial grid, big clock) and R(k)."""
