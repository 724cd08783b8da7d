"""Paperwork exercises beside settlement: forms a floorperson completes, graded field by field."""
