"""The project's own drawings of pieces and terrain, as SVG built from data (issue 58).

Rulesets choose what to draw and where; these modules know how a tank, a roof,
a wood or a hill looks from above. Nothing here is fetched or copied: every
shape is generated, deterministically, from the sizes and kinds it is given.
"""
