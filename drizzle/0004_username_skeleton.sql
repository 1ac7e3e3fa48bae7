-- Custom migration: look-alike usernames cannot both exist. The expression applies the steps
-- of usernameSkeleton() in src/domain/username-skeleton.ts, in the same order.
CREATE UNIQUE INDEX `users_username_skeleton_unique` ON `users` (
  replace(replace(replace(replace(replace(replace(lower(`username`), 'rn', 'm'), 'vv', 'w'), 'cl', 'd'), '0', 'o'), '1', 'l'), 'i', 'l')
);
