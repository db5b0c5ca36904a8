;;; check.el --- The Emacs half of Tests/editors/run  -*- lexical-binding: t -*-
;; Emacs (28 with eglot 1.9, or later), set up with the snippet of Docs/editors.md
;; (init.el, loaded first), opens each file named by HP_EXPECT_ERROR and HP_EXPECT_NONE
;; (paths separated by ":") the way a user does (find-file, then the command loop's
;; post-command-hook that starts eglot) and waits for the server's diagnostics of each.
;; A file of HP_EXPECT_ERROR must show a Flymake diagnostic whose text holds
;; HP_ERROR_TEXT on line HP_ERROR_LINE; a file of HP_EXPECT_NONE must get its
;; diagnostics, and none. Exits 0 when all hold, else 1.
(require 'cl-lib)
(require 'eglot)
(require 'flymake)

(defvar hp-published (make-hash-table :test 'equal)
  "The diagnostics the server published, by URI.")

(cl-defmethod eglot-handle-notification :before
  (_server (_method (eql textDocument/publishDiagnostics)) &key uri diagnostics &allow-other-keys)
  (puthash uri diagnostics hp-published))

(defvar hp-failures 0)

(defun hp-say (format-string &rest args)
  (princ (concat "emacs: " (apply #'format format-string args) "\n")))

(defun hp-fail (format-string &rest args)
  (setq hp-failures (1+ hp-failures))
  (apply #'hp-say (concat "FAIL " format-string) args))

(defun hp-wait (predicate seconds)
  "Runs the event loop until PREDICATE holds or SECONDS pass; returns PREDICATE's value."
  (let ((deadline (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun hp-open (path)
  "Visits PATH as a user does; returns the diagnostics published for it, or :none."
  (find-file path)
  ;; A command ends: eglot-ensure connects from post-command-hook.
  (run-hooks 'post-command-hook)
  (let ((uri (eglot--path-to-uri buffer-file-name)))
    (hp-wait (lambda () (not (eq (gethash uri hp-published :none) :none))) 30)
    (gethash uri hp-published :none)))

(defun hp-paths (variable)
  (split-string (or (getenv variable) "") ":" t))

(dolist (path (hp-paths "HP_EXPECT_ERROR"))
  (let ((diagnostics (hp-open path))
        (wanted (getenv "HP_ERROR_TEXT"))
        (line (string-to-number (or (getenv "HP_ERROR_LINE") "0"))))
    (if (eq diagnostics :none)
        (hp-fail "%s: no diagnostics arrived in 30 s" path)
      ;; What Flymake shows in the buffer, not only what the server sent.
      (flymake-start)
      (let ((shown (hp-wait
                    (lambda ()
                      (cl-find-if (lambda (d)
                                    (and (string-search wanted (flymake-diagnostic-text d))
                                         (= line (line-number-at-pos (flymake-diagnostic-beg d)))))
                                  (flymake-diagnostics)))
                    10)))
        (if shown
            (hp-say "ok   %s: shows '%s' on line %d" path wanted line)
          (hp-fail "%s: Flymake shows no '%s' on line %d (%d published)"
                   path wanted line (length diagnostics)))))))

(dolist (path (hp-paths "HP_EXPECT_NONE"))
  (let ((diagnostics (hp-open path)))
    (cond ((eq diagnostics :none) (hp-fail "%s: the server published nothing for it in 30 s" path))
          ((> (length diagnostics) 0)
           (hp-fail "%s: %d diagnostics, the first: %s" path (length diagnostics)
                    (plist-get (aref diagnostics 0) :message)))
          (t (hp-say "ok   %s: no diagnostics" path)))))

(kill-emacs (if (> hp-failures 0) 1 0))
;;; check.el ends here
