"""Small widgets the views are built of: axes, spin boxes, labels, plots, the image item and
its colour bar, a view built when first shown."""
