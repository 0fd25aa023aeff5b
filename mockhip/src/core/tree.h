/*
 * tree.h: an intrusive AVL tree keyed by address: the regions, and the
 * mappings in order (walks over a reservation, the dump). The mapping at an
 * address is addr_index.h's, in steps that do not grow with the mappings.
 */
#ifndef MH_TREE_H
#define MH_TREE_H

#include <stddef.h>
#include <stdint.h>

typedef struct mh_tree_node {
  struct mh_tree_node *left, *right;
  uintptr_t key;
  int height;
} mh_tree_node;

typedef struct mh_tree {
  mh_tree_node *root;
  size_t count;
  uint64_t changes; /* inserts and removes so far: a walk's result holds while it is unchanged */
} mh_tree;

#define MH_CONTAINER(ptr, type, member) ((type *)(void *)((char *)(ptr)-offsetof(type, member)))

/* Inserts a node whose key is set and not yet in the tree. */
void mh__tree_insert(mh_tree *tree, mh_tree_node *node);

/* Removes the node with node->key (which must be in the tree). */
void mh__tree_remove(mh_tree *tree, mh_tree_node *node);

/* The node with the greatest key <= key, or NULL. */
mh_tree_node *mh__tree_floor(const mh_tree *tree, uintptr_t key);

/* The node with the smallest key > key, or NULL: in-order iteration. */
mh_tree_node *mh__tree_next(const mh_tree *tree, uintptr_t key);

/* The node with the smallest key, or NULL. */
mh_tree_node *mh__tree_first(const mh_tree *tree);

#endif /* MH_TREE_H */
