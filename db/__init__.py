"""The only code that knows table and column names: schema, inserts, queries and Datasette metadata."""
