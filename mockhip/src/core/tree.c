/* tree.c: AVL insert/remove by recursion (depth stays under 64) and ordered queries. */
#include "tree.h"

static int height(const mh_tree_node *n) { return n ? n->height : 0; }

static void update(mh_tree_node *n) {
  int l = height(n->left), r = height(n->right);
  n->height = (l > r ? l : r) + 1;
}

static mh_tree_node *rotate_right(mh_tree_node *n) {
  mh_tree_node *l = n->left;
  n->left = l->right;
  l->right = n;
  update(n);
  update(l);
  return l;
}

static mh_tree_node *rotate_left(mh_tree_node *n) {
  mh_tree_node *r = n->right;
  n->right = r->left;
  r->left = n;
  update(n);
  update(r);
  return r;
}

static mh_tree_node *balance(mh_tree_node *n) {
  update(n);
  int diff = height(n->left) - height(n->right);
  if (diff > 1) {
    if (height(n->left->left) < height(n->left->right))
      n->left = rotate_left(n->left);
    return rotate_right(n);
  }
  if (diff < -1) {
    if (height(n->right->right) < height(n->right->left))
      n->right = rotate_right(n->right);
    return rotate_left(n);
  }
  return n;
}

static mh_tree_node *insert(mh_tree_node *n, mh_tree_node *node) {
  if (n == NULL)
    return node;
  if (node->key < n->key)
    n->left = insert(n->left, node);
  else
    n->right = insert(n->right, node);
  return balance(n);
}

void mh__tree_insert(mh_tree *tree, mh_tree_node *node) {
  node->left = node->right = NULL;
  node->height = 1;
  tree->root = insert(tree->root, node);
  tree->count++;
  tree->changes++;
}

/* Detaches the minimum of a subtree into *min and returns the rest. */
static mh_tree_node *remove_min(mh_tree_node *n, mh_tree_node **min) {
  if (n->left == NULL) {
    *min = n;
    return n->right;
  }
  n->left = remove_min(n->left, min);
  return balance(n);
}

static mh_tree_node *remove_key(mh_tree_node *n, uintptr_t key) {
  if (n == NULL)
    return NULL;
  if (key < n->key) {
    n->left = remove_key(n->left, key);
  } else if (key > n->key) {
    n->right = remove_key(n->right, key);
  } else {
    if (n->right == NULL)
      return n->left;
    mh_tree_node *min;
    mh_tree_node *rest = remove_min(n->right, &min);
    min->left = n->left;
    min->right = rest;
    return balance(min);
  }
  return balance(n);
}

void mh__tree_remove(mh_tree *tree, mh_tree_node *node) {
  tree->root = remove_key(tree->root, node->key);
  tree->count--;
  tree->changes++;
}

mh_tree_node *mh__tree_floor(const mh_tree *tree, uintptr_t key) {
  mh_tree_node *best = NULL;
  for (mh_tree_node *n = tree->root; n != NULL;) {
    if (n->key <= key) {
      best = n;
      n = n->right;
    } else {
      n = n->left;
    }
  }
  return best;
}

mh_tree_node *mh__tree_next(const mh_tree *tree, uintptr_t key) {
  mh_tree_node *best = NULL;
  for (mh_tree_node *n = tree->root; n != NULL;) {
    if (n->key > key) {
      best = n;
      n = n->left;
    } else {
      n = n->right;
    }
  }
  return best;
}

mh_tree_node *mh__tree_first(const mh_tree *tree) {
  mh_tree_node *n = tree->root;
  while (n != NULL && n->left != NULL)
    n = n->left;
  return n;
}
