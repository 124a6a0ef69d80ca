"""aeref's command line: a thin click layer over the public API (:mod:`aeref.api`) and :mod:`aeref.model`."""
