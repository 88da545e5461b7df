"""The title designer's workbench: start a title (:mod:`.init_title`) and check its design beyond
the schema (:mod:`.lint`)."""
