"""aeref's command line: a thin click layer over :mod:`model` and :mod:`solver`."""
