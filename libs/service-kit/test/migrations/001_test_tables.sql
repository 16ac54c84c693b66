-- Up Migration
CREATE TABLE widgets (id text PRIMARY KEY);
CREATE TABLE received (widget_id text PRIMARY KEY, times integer NOT NULL);

-- Down Migration
DROP TABLE received;
DROP TABLE widgets;
