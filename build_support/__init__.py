"""Build-time support for regency's optional compiled engine (never imported at run time)."""
