// generated from openapi/ by `npm run build:spec` — do not edit; change the spec and regenerate
// Inputs are typed as the API requires them: a request property the service defaults is
// optional, and a file field of a multipart body is a Blob (or File) or a Uint8Array.
export interface paths {
    "/v1/healthcheck": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check that the API is up
         * @description Answers 200 with the API's versions when the service is running. It needs no credentials,
         *     which makes it the first call to try when setting up a client: a 200 here confirms the base
         *     address (the console address with `console` replaced by `api`).
         */
        get: operations["healthcheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exchange an API key or password for a JWT
         * @description Issues a JWT for the caller. Call it with the API key (`Service-API-Key`) or with HTTP Basic
         *     credentials; a JWT cannot be used to get another one. The token expires 24 hours after it is
         *     issued, at `expires_at`.
         *
         *     For high volumes this is the recommended way to authenticate: fetch one token, send it as
         *     `Authorization: Bearer <access_token>` on every request, and fetch the next one a few minutes
         *     before `expires_at`. The answer is marked `Cache-Control: no-store` because it carries a
         *     credential.
         *
         *     The example below is a token issued at 2026-03-04T14:32:10Z: its `expires_at` is a fixed moment
         *     in the past, and a mock built from this contract answers with it. Clients should not trust
         *     `expires_at` blindly: the TypeScript client in this package reads it by the server's clock (the
         *     `Date` header), and when it is missing, already past or beyond the documented 24 hours, keeps the
         *     token for 24 hours from receipt, logs one warning, and still replaces it at once on a 401.
         */
        get: operations["getToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/{training_or_inference}/validate_dataset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a training or inference dataset before upload
         * @description Checks a dataset file description for the project's training or inference data and, if it is
         *     acceptable, answers with the file name to use and an address to upload the file to.
         *     `training_or_inference` says which kind of dataset is checked.
         */
        post: operations["validateDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/{training_mode}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a training job
         * @description Starts a training job in the project and returns the new job's ID, which `GET
         *     /projects/{project_id}/training/{training_job_id}/status/` reports on. The body is a free-form
         *     settings object whose fields the service does not publish.
         */
        post: operations["startTrainingJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/training/{training_job_id}/status/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the status of a training job
         * @description Returns a training job's current status and message, the run and project it belongs to once known,
         *     and the history of its earlier states. The path ends with a slash, exactly as the service serves
         *     it.
         */
        get: operations["trainingStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/training/{training_job_id}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a token for a training job
         * @description Issues a token for a training job together with the address of the job's file. The body is a
         *     free-form object whose fields the service does not publish.
         */
        post: operations["getTokenForTrainingJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaborator_roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the roles a project collaborator can hold
         * @description Returns every role that can be given to a user or group on a project, each with a display name and
         *     an explanation of what it allows.
         */
        get: operations["getCollaboratorRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects (deprecated)
         * @deprecated
         * @description Returns every project the caller can see, with their runs, optionally narrowed to one name or one
         *     project type. Deprecated: use `POST /projects/paginated`, which filters, sorts and pages the same
         *     list.
         */
        get: operations["getProjects"];
        put?: never;
        /**
         * Create a project
         * @description Creates a project with the given name and type and returns it. Set `create_example_templates` to
         *     have the service add its example prompt templates to a new prompt project.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/paginated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search projects page by page
         * @description Returns one page of the projects the caller can see, filtered and sorted as the optional body
         *     asks. Nothing is created: the POST only carries the filter. `actions` asks the service to report
         *     whether the caller may perform those actions on each project.
         */
        post: operations["getProjectsPaginated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all projects in short form (deprecated)
         * @deprecated
         * @description Returns every project the caller can see with a lighter description of each run, optionally only
         *     projects of one type. Deprecated: use `POST /projects/paginated` instead.
         */
        get: operations["getAllProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project
         * @description Returns one project with its runs, its type and whether the caller has bookmarked it.
         */
        get: operations["getProject"];
        /**
         * Update a project
         * @description Changes a project's name, type or recorded creator and returns the updated project. Fields left
         *     out or null keep their current values.
         */
        put: operations["updateProject"];
        post?: never;
        /**
         * Delete a project
         * @description Deletes the project and returns a confirmation message.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/upload_file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file to a project
         * @description Uploads one file to the project as `multipart/form-data`, with a metadata string that describes
         *     the upload. The service does not publish the shape of its answer.
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the users who collaborate on a project
         * @description Returns one page of the users who have been given a role on the project, with the role each holds.
         */
        get: operations["listUserProjectCollaborators"];
        put?: never;
        /**
         * Share a project with users
         * @description Gives each listed user a role on the project and returns the resulting collaborator entries.
         */
        post: operations["createUserProjectCollaborators"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the groups that collaborate on a project
         * @description Returns one page of the user groups that have been given a role on the project, with the role each
         *     holds.
         */
        get: operations["listGroupProjectCollaborators"];
        put?: never;
        /**
         * Share a project with groups
         * @description Gives each listed group a role on the project and returns the resulting collaborator entries.
         */
        post: operations["createGroupProjectCollaborators"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a user from a project
         * @description Takes away the user's collaborator role on the project. The service does not publish the shape of
         *     its answer.
         */
        delete: operations["deleteUserProjectCollaborator"];
        options?: never;
        head?: never;
        /**
         * Change a user's role on a project
         * @description Gives a user who already collaborates on the project a different role and returns the updated
         *     entry.
         */
        patch: operations["updateUserProjectCollaborator"];
        trace?: never;
    };
    "/projects/{project_id}/groups/{group_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a group from a project
         * @description Takes away the group's collaborator role on the project. The service does not publish the shape of
         *     its answer.
         */
        delete: operations["deleteGroupProjectCollaborator"];
        options?: never;
        head?: never;
        /**
         * Change a group's role on a project
         * @description Gives a group that already collaborates on the project a different role and returns the updated
         *     entry.
         */
        patch: operations["updateGroupProjectCollaborator"];
        trace?: never;
    };
    "/projects/{project_id}/bookmark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Bookmark a project
         * @description Marks the project as bookmarked for the caller, so that it can be found and sorted first. The
         *     service does not publish the shape of its answer.
         */
        put: operations["bookmarkProject"];
        post?: never;
        /**
         * Remove a project bookmark
         * @description Clears the caller's bookmark on the project. The service does not publish the shape of its answer.
         */
        delete: operations["unbookmarkProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user_roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the roles a user can hold
         * @description Returns every organisation-wide user role, each with a display name and an explanation of what it
         *     allows.
         */
        get: operations["getUserRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/request_access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask an administrator for access
         * @description Records a request for access on behalf of `user_email` so that an administrator can invite that
         *     person. The service may accept this call without credentials; that is not confirmed, so this
         *     contract declares the usual three methods. The service does not publish the shape of its answer.
         */
        post: operations["requestAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signup_link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a signup link for a new user
         * @description Creates an **unverified** user entry for `user_email` and returns the link that user opens to
         *     finish signing up. When `send_email` is true (the default) the service also emails the link to
         *     the address; set it to false to deliver the link yourself.
         *
         *     The entry stays unverified until the user completes signup through `POST /users` (email and
         *     password) or `POST /users/social` (a social login), which turns it into a verified user.
         *
         *     This operation accepts the API key only. Because it sends email, clients must not retry it
         *     automatically: a repeated call may send a second message.
         */
        post: operations["generateSignupLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite_users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite users by email
         * @description Invites each listed email address with the given role, optionally into groups, and by default
         *     emails each invitation. The service does not publish the shape of its answer.
         */
        post: operations["inviteUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Returns one page of the organisation's users, with each user's role and counts of the projects and
         *     runs they own.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user or verify a signed-up one
         * @description Creates a user from an email address and password, or, when `signup_token` from a signup link is
         *     given, turns the matching unverified entry into a verified user. The service may accept this call
         *     without credentials; that is not confirmed, so this contract declares the usual three methods.
         *     Returns the user.
         */
        post: operations["createOrVerifyUser"];
        /**
         * Delete your own account
         * @description Deletes the account of the user who makes the request and returns a confirmation message.
         */
        delete: operations["deleteUserSelf"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/social": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or verify a user through a social login
         * @description Like `POST /users`, but the user proves who they are with an ID token from a social identity
         *     provider instead of a password; with `signup_token` it verifies the matching unverified entry. The
         *     service may accept this call without credentials; that is not confirmed, so this contract declares
         *     the usual three methods. Returns the user.
         */
        post: operations["createOrVerifyUserSocial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all users (deprecated)
         * @deprecated
         * @description Returns every user of the organisation in one answer. Deprecated: use `GET /users`, which returns
         *     the same users page by page.
         */
        get: operations["listAllUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description Returns one user with their role, permissions and counts of the projects and runs they own.
         */
        get: operations["getUser"];
        /**
         * Update a user
         * @description Changes a user's email, name, role or verification state and returns the updated user. Fields left
         *     out or null keep their current values.
         */
        put: operations["updateUser"];
        post?: never;
        /**
         * Delete a user
         * @description Deletes another user's account and returns a confirmation message. Use `DELETE /users` to delete
         *     your own.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/runs/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's most recent runs
         * @description Returns one page of the user's runs, newest first, each with the name of its project. Only runs
         *     in projects of `project_type` are listed; when it is left out, that means training and inference
         *     projects (`training_inference`), not prompt or monitoring projects.
         */
        get: operations["getLatestUserRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the projects and runs of a user
         * @description Returns the projects that hold runs created by the user, each with its runs, optionally only
         *     projects of one type.
         */
        get: operations["getProjectRunsForUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generate_password_reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Create a password reset link
         * @description Creates a password reset for the account of `user_email` and returns the path of the reset page,
         *     for an administrator to pass on. Nothing is emailed. The service may accept this call without
         *     credentials; that is not confirmed, so this contract declares the usual three methods.
         */
        get: operations["generatePasswordResetLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generate_password_reset_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Email a password reset link
         * @description Creates a password reset for the account of `user_email` and emails the reset link to that
         *     address. The answer is an empty object. The service may accept this call without credentials; that
         *     is not confirmed, so this contract declares the usual three methods.
         */
        get: operations["generatePasswordResetEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password_reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset token
         * @description Sets a new password for the account named in the body, proven by `reset_token` from a reset link,
         *     and returns the user. The service may accept this call without credentials; that is not confirmed,
         *     so this contract declares the usual three methods.
         */
        post: operations["passwordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a user's data to another user
         * @description Hands over what one user owns, such as projects and runs, to another user and returns a
         *     confirmation message.
         */
        post: operations["transferUserData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/current_user/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your groups
         * @description Returns the user groups that the caller belongs to, with the caller's role in each.
         */
        get: operations["listCurrentUserGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/insights/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get metric insights for filtered prompt rows
         * @description Computes a summary of each metric column over the run's prompt rows that match the optional
         *     filters: an aggregate value, a breakdown by category and, where set, the metric's threshold.
         *     Nothing is changed: the POST only carries the filters.
         */
        post: operations["getMetricInsightsWithFilters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/prompt_datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prompt datasets (deprecated)
         * @deprecated
         * @description Returns one page of the evaluation datasets uploaded to the project. Deprecated by the service,
         *     which names no replacement.
         */
        get: operations["listPromptDatasets"];
        put?: never;
        /**
         * Upload a prompt evaluation dataset (deprecated)
         * @deprecated
         * @description Uploads a dataset file of prompt inputs to the project as `multipart/form-data` and returns its ID
         *     and row count. `format` says how the file is encoded. Deprecated by the service, which names no
         *     replacement.
         */
        post: operations["uploadPromptEvaluationDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/prompt_datasets/{dataset_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a prompt dataset (deprecated)
         * @deprecated
         * @description Returns the dataset's file as it was stored. Deprecated by the service, which names no
         *     replacement.
         */
        get: operations["downloadPromptDataset"];
        /**
         * Replace or edit a prompt dataset (deprecated)
         * @deprecated
         * @description Replaces the dataset's file or renames its columns (optional `multipart/form-data` body), and can
         *     change its recorded file name and row count. Returns the updated dataset. Deprecated by the
         *     service, which names no replacement.
         */
        put: operations["updatePromptDataset"];
        post?: never;
        /**
         * Delete a prompt dataset (deprecated)
         * @deprecated
         * @description Deletes the dataset from the project. Deprecated by the service, which names no replacement; the
         *     service does not publish the shape of its answer.
         */
        delete: operations["deletePromptDataset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a prompt run's rows (deprecated)
         * @deprecated
         * @description Returns one page of a prompt run's rows, sorted and optionally narrowed to rows whose text matches
         *     a pattern. Deprecated: use `POST /projects/{project_id}/runs/{run_id}/prompts/rows/columnar`,
         *     which returns the same rows as columns and takes filters.
         */
        get: operations["getPromptRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/prompts/calculate_cost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Estimate the cost of a prompt run (unconfirmed)
         * @description Estimates what running prompts in the project would cost. The path and both payloads are inferred
         *     from neighbouring operations and are not confirmed by any public reference of the service, so the
         *     body and the answer are described as open objects.
         */
        post: operations["calculateCost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/download_prompt_dataset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a prompt run's dataset
         * @description Returns the dataset that the prompt run was evaluated on, as a file. The public reference types
         *     both IDs as plain strings.
         */
        get: operations["downloadPromptRunDataset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/export_prompt_dataset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a prompt run's rows as a file (deprecated)
         * @deprecated
         * @description Returns the run's rows as a CSV or JSON Lines file; the flags choose which parts (inputs, prompts,
         *     responses, metrics, chain rows) and `columns` which columns go in. Deprecated by the service,
         *     which names no replacement.
         */
        get: operations["exportPromptDataset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/chains/{chain_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the rows of one prompt chain
         * @description Returns the rows that make up one prompt chain of the run: the chain's root and its steps.
         */
        get: operations["getPromptChainRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/rows/columnar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a prompt run's rows as columns (unconfirmed)
         * @description Returns a prompt run's rows arranged as columns, without filters. The path and the answer are
         *     inferred from the filtered POST form of this path and are not confirmed by any public reference of
         *     the service, so the answer is described as an open object.
         */
        get: operations["getRowsAsColumns"];
        put?: never;
        /**
         * Get filtered prompt rows as columns
         * @description Returns one page of the run's prompt rows that match the optional filters, arranged as columns
         *     with each column's values for the page, plus the total and filtered row counts. Nothing is
         *     changed: the POST only carries the filters.
         */
        post: operations["getRowsAsColumnsWithFilters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/rows/{row_id}/columnar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one prompt row as columns
         * @description Returns a single row of the prompt run, with its chain steps when it is a chain, arranged as
         *     columns.
         */
        get: operations["getRowAsColumn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/prompts/rows/columnar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the row IDs of several prompt runs
         * @description For each of the given runs, returns the indices of its rows, plus the total number of rows across
         *     them. Use the result to fetch matching rows with the POST form of this path.
         */
        get: operations["getMultiRunSampleIds"];
        put?: never;
        /**
         * Get chosen rows from several prompt runs
         * @description Takes a map whose keys are run IDs and whose values are row indices, such as those listed by the
         *     GET form of this path, and returns the matching rows arranged as columns, in a map keyed by run
         *     ID.
         */
        post: operations["getMultiRunSamplesForRowIds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/rows/chains/{chain_id}/columnar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one prompt chain's rows as columns
         * @description Returns one page of the rows of a prompt chain, arranged as columns. Set `root` to get only the
         *     chain's root row.
         */
        get: operations["getChainAsColumns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prompts/rows/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the column groups of prompt rows
         * @description Returns the groups that prompt row columns are arranged in (for example inputs, outputs and
         *     metrics), each with its label, icon and member columns.
         */
        get: operations["getGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/feedback/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List feedback templates
         * @description Returns the project's human feedback templates, each with the kind of rating it collects and its
         *     constraints.
         */
        get: operations["listFeedbackTemplates"];
        put?: never;
        /**
         * Create a feedback template
         * @description Creates a template that says what kind of rating reviewers give (like/dislike, stars, score, tags
         *     or text), with its constraints and criteria, and returns it.
         */
        post: operations["createFeedbackTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/feedback/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a feedback template
         * @description Returns one feedback template of the project, with the kind of rating it collects, its
         *     constraints and its criteria.
         */
        get: operations["getFeedbackTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a feedback template
         * @description Deletes a feedback template from the project. The service does not publish the shape of its
         *     answer.
         */
        delete: operations["deleteFeedbackTemplate"];
        options?: never;
        head?: never;
        /**
         * Rename a feedback template or change its criteria
         * @description Changes a feedback template's name and criteria and returns the template. Its rating kind and
         *     constraints cannot be changed here.
         */
        patch: operations["updateFeedbackTemplate"];
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/feedback/templates/{template_id}/index/{index}/rating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the feedback rating of a run's row
         * @description Returns the rating given with a feedback template to one row of a run, with its explanation and
         *     who gave it.
         */
        get: operations["getFeedbackRating"];
        /**
         * Rate a run's row
         * @description Records the caller's rating of one row of a run with a feedback template, replacing an earlier
         *     one, and returns it. The rating must match the template's kind.
         */
        put: operations["createFeedbackRating"];
        post?: never;
        /**
         * Delete the feedback rating of a run's row
         * @description Removes the rating given with a feedback template to one row of a run. The service does not
         *     publish the shape of its answer.
         */
        delete: operations["deleteFeedbackRating"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/feedback/templates/{template_id}/nodes/{node_id}/rating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the feedback rating of an observed node
         * @description Returns the rating given with a feedback template to one node (a step of a trace) in an observe
         *     project.
         */
        get: operations["getFeedbackRatingObserve"];
        /**
         * Rate an observed node
         * @description Records the caller's rating of one node (a step of a trace) in an observe project, replacing an
         *     earlier one, and returns it. The rating must match the template's kind.
         */
        put: operations["createFeedbackRatingObserve"];
        post?: never;
        /**
         * Delete the feedback rating of an observed node
         * @description Removes the rating given with a feedback template to one node of an observe project. The service
         *     does not publish the shape of its answer.
         */
        delete: operations["deleteFeedbackRatingObserve"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get summary statistics for a split
         * @description Computes summary statistics of the run's data in one split, restricted by the filters in the body.
         *     The answer has the per-split form, or the per-inference-set form for inference data. Nothing is
         *     changed: the POST only carries the query.
         */
        post: operations["getSummaryStatistics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/groupby": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get metrics grouped by a column
         * @description Computes model metrics (F1, precision, recall, error counts and more) for each value of
         *     `groupby_col` over the filtered data of a split. Nothing is changed: the POST only carries the
         *     query.
         */
        post: operations["getGroupbyStatistics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/ids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the sample IDs that match a filter
         * @description Returns the IDs of the split's samples that match the filters in the body, in the requested order
         *     and page. Nothing is changed: the POST only carries the query.
         */
        post: operations["getInsightIds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/percentage/sample": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the share of samples that match a filter
         * @description Returns the percentage of the split's samples that match the filters in the body, with extra
         *     counts for object detection and segmentation runs. Nothing is changed: the POST only carries the
         *     query.
         */
        post: operations["getPercentage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/thresholds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the easy and hard sample thresholds
         * @description Returns the data error potential values above which samples count as hard and below which they
         *     count as easy, for the filtered data of a split. Nothing is changed: the POST only carries the
         *     query.
         */
        post: operations["getThresholds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/split/{split}/insights/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compare the runs of a project
         * @description Returns a side-by-side summary of every run in the project for one split: sample counts, model
         *     metrics, slices and edits. Nothing is changed and no body is sent.
         */
        post: operations["compareRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/distribution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the distribution of a column
         * @description Returns a histogram (bin edges and counts) of one column over the filtered data of a split,
         *     optionally with metrics per bin. Nothing is changed: the POST only carries the query.
         */
        post: operations["getColumnDistribution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get model metrics for a split
         * @description Computes accuracy, precision, recall, F1 and related figures over the filtered data of a split.
         *     Set `macro` to average per class instead of per sample. Nothing is changed: the POST only carries
         *     the query.
         */
        post: operations["getModelMetrics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/metrics/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get per-task metrics for a multi-label run
         * @description Returns precision, recall and F1 for each task of a multi-label run over the filtered data of a
         *     split. Nothing is changed: the POST only carries the query.
         */
        post: operations["getTaskMetrics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/co_occurrence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get how often labels occur together
         * @description For a multi-label run, returns the labels that most often occur together over the filtered data of
         *     a split, with how many samples show each pairing. Nothing is changed: the POST only carries the
         *     query.
         */
        post: operations["getLabelCoOccurrence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/similar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find similar samples in another split
         * @description Returns the IDs of samples in `from_split` that are closest, by embedding, to the samples selected
         *     in `split`. Nothing is changed: the POST only carries the query.
         */
        post: operations["getSimilarFromSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/cbo_clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get class-boundary clusters (deprecated)
         * @deprecated
         * @description Returns clusters of samples that lie near class boundaries in the filtered data of a split.
         *     Nothing is changed: the POST only carries the query. Deprecated by the service, which names no
         *     replacement.
         */
        post: operations["getCboClustersForSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/cartograph_clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get data cartography clusters
         * @description Returns clusters of the split's samples grouped by how the model's confidence in them behaved
         *     during training. Nothing is changed and no body is sent.
         */
        post: operations["getCartographClustersForSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/communities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get communities of similar samples
         * @description Returns groups of samples that sit close together in embedding space, each with its labels, size
         *     and a score. Nothing is changed: the POST only carries the query.
         */
        post: operations["getCommunitiesForSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/top": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the top insights for a split
         * @description Returns the most notable findings over the filtered data of a split: the most confused label
         *     pairs, the words most tied to errors and the most correlated features. Nothing is changed: the
         *     POST only carries the query.
         */
        post: operations["getTopInsights"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/charts/correlation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a correlation matrix chart
         * @description Returns the values and axis labels of a correlation matrix over the filtered data of a split,
         *     ready to plot. Nothing is changed: the POST only carries the query.
         */
        post: operations["getCorrelationMatrixChart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the alerts raised for a split
         * @description Returns the data quality alerts the service raised for a split, each with its message, suggestion
         *     and the filter that reproduces it. Dismissed alerts are left out unless `include_dismissed` is
         *     set.
         */
        get: operations["getAlertsForRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/alerts/{alert_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Dismiss an alert
         * @description Marks one alert of a split as dismissed so that it is no longer listed by default. The service
         *     does not publish the shape of its answer.
         */
        delete: operations["dismissAlert"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the error types of a split
         * @description Returns the names of the error types that can be counted for the split's task, for use with the
         *     error count and distribution operations.
         */
        get: operations["getErrors"];
        put?: never;
        /**
         * Count errors by type
         * @description Returns a bar chart of how many errors of each type occur in the filtered data of a split. Nothing
         *     is changed: the POST only carries the query.
         */
        post: operations["getErrorCounts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get mean average precision for a run
         * @description For object detection runs, returns the mean average precision over the filtered data of a split,
         *     with per-class values and error scores. Nothing is changed: the POST only carries the query.
         */
        post: operations["getMapForRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/semseg/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get semantic segmentation metrics
         * @description For semantic segmentation runs, returns mean IoU, boundary IoU and Dice coefficient over the
         *     filtered data of a split, overall and per class. Nothing is changed: the POST only carries the
         *     query.
         */
        post: operations["getSegmentationMetricsForRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/seq2seq/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get sequence-to-sequence metrics
         * @description For sequence-to-sequence runs, returns the average BLEU, ROUGE and data error potential over the
         *     filtered data of a split. Nothing is changed: the POST only carries the query.
         */
        post: operations["getSeq2SeqMetricsForRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the data rows of a split
         * @description Returns one page of the split's samples that match the filters in the body, with their text,
         *     labels, predictions and scores, and whether a further page exists. Nothing is changed: the POST
         *     only carries the query.
         */
        post: operations["getDataRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/insights/errors/{error_name}/distribution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get how one error type spreads over a column
         * @description Returns, for one error type, how its occurrences spread over the values of `column_name` in the
         *     filtered data of a split. Nothing is changed: the POST only carries the query.
         */
        post: operations["getErrorDistributionForColumn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List configured integrations
         * @description Returns the integrations the caller has set up, with when and by whom each was created.
         */
        get: operations["listIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the integration kinds on offer
         * @description Returns the names of the integration kinds that can be set up on this deployment.
         */
        get: operations["listAvailableIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an integration's settings
         * @description Returns the stored settings of one integration, in the shape that belongs to its kind. Secrets
         *     such as tokens are not returned.
         */
        get: operations["getIntegration"];
        put?: never;
        post?: never;
        /**
         * Remove an integration
         * @description Deletes the caller's integration of this kind and its stored credentials. The service does not
         *     publish the shape of its answer.
         */
        delete: operations["deleteIntegration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{name}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check an integration's status
         * @description Returns a map of status values for one integration, for example whether its credentials still
         *     work. The keys are not published by the service.
         */
        get: operations["getIntegrationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/anthropic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the anthropic integration
         * @description Creates or replaces the integration with this model provider from an API token. The service does
         *     not publish the shape of its answer.
         */
        put: operations["createOrUpdateAnthropicIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/aws_bedrock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the aws_bedrock integration
         * @description Creates or replaces the integration with this cloud model service from a credential map, a
         *     credential type and a region. The service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateAwsBedrockIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/aws_sagemaker": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the aws_sagemaker integration
         * @description Creates or replaces the integration with this cloud model hosting service from a credential map, a
         *     region and the models to offer. The service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateAwsSagemakerIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/azure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the azure integration
         * @description Creates or replaces the integration with this cloud model provider from an endpoint, a token and
         *     the way to authenticate, optionally with its model deployments. The service does not publish the
         *     shape of its answer.
         */
        put: operations["createOrUpdateAzureIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/labelstudio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the labelstudio integration
         * @description Creates or replaces the integration with this annotation tool from its address and an API token.
         *     The service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateLabelstudioIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/mistral": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the mistral integration
         * @description Creates or replaces the integration with this model provider from an API token. The service does
         *     not publish the shape of its answer.
         */
        put: operations["createOrUpdateMistralIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/openai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the openai integration
         * @description Creates or replaces the integration with this model provider from an API token and, optionally, an
         *     organisation ID. The service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateOpenaiIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/vertex_ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the vertex_ai integration
         * @description Creates or replaces the integration with this cloud model provider from a credential token. The
         *     service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateVertexAiIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/writer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the writer integration
         * @description Creates or replaces the integration with this model provider from an API token and an organisation
         *     ID. The service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateWriterIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the data platform integration
         * @description Creates or replaces the integration with the data platform from its host name and an access token;
         *     flags say whether it is used for storage, for language models, or both, and which catalog is the
         *     default. The service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateDataPlatformCatalogIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/unity-catalog/sql": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set up the data platform catalog over SQL (deprecated)
         * @deprecated
         * @description Creates or replaces the data platform integration through its catalog's SQL path, with the same
         *     settings as `PUT /integrations/databricks`. Deprecated: use `PUT /integrations/databricks`
         *     instead. The service does not publish the shape of its answer.
         */
        put: operations["createOrUpdateCatalogSqlIntegration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the data platform's clusters (unconfirmed)
         * @description Lists the compute clusters available through the data platform integration. The path and the
         *     answer are inferred from neighbouring operations and are not confirmed by any public reference of
         *     the service, so the answer is described as an open object.
         */
        get: operations["getDataPlatformClusters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/databases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the data platform's databases
         * @description Returns the names of the databases reachable through the data platform integration, optionally
         *     only those in one catalog.
         */
        get: operations["getDatabasesForCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a run's data to the data platform
         * @description Writes the filtered data of one run and split to a table on the data platform and returns the
         *     export settings that were used.
         */
        post: operations["exportToDataPlatform"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/edits/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export edited data to the data platform
         * @description Applies the chosen edits to a run's data and writes the result to a table on the data platform,
         *     returning the export settings used.
         */
        post: operations["exportEditsDataPlatform"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/sql_warehouses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the data platform's SQL warehouses (unconfirmed)
         * @description Lists the SQL warehouses available through the data platform integration. The path and the answer
         *     are inferred from neighbouring operations and are not confirmed by any public reference of the
         *     service, so the answer is described as an open object.
         */
        get: operations["listDataPlatformSqlWarehouses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/unity-catalog/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a run's data to the data platform catalog
         * @description Writes the filtered data of one run and split to a table in the data platform's catalog and
         *     returns the export settings with the results.
         */
        post: operations["exportToDataPlatformCatalog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/databricks/unity-catalog/edits/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export edited data to the data platform catalog
         * @description Applies the chosen edits to a run's data and writes the result to a table in the data platform's
         *     catalog, returning the export settings with the results.
         */
        post: operations["exportEditsDataPlatformCatalog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/labelstudio/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the annotation tool's projects
         * @description Returns the projects found in the connected annotation tool, each with its labels.
         */
        get: operations["getAnnotationToolProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/labelstudio/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a run's data to the annotation tool
         * @description Sends the filtered samples of one run and split to a project in the connected annotation tool for
         *     labelling. The service does not publish the shape of its answer.
         */
        post: operations["exportToAnnotationTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/chains/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log prompt chain rows to a run
         * @description Adds prompt and chain rows to a prompt run, with the scorers to compute on them, and starts the
         *     job that scores them. Returns the job's ID, a link to the run and how many rows were taken.
         */
        post: operations["ingestPromptChainRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/chains/ingest/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log a batch of prompt chains to a run
         * @description Like the single ingest, but takes a batch of chains in one request. Returns the scoring job's ID,
         *     a link to the run, and counts of chains and rows taken.
         */
        post: operations["ingestBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prompts/models/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the models prompts can run on
         * @description Returns the language models available to the caller, with the provider each comes through. Set
         *     `with_custom_models` to include models added through the caller's own integrations.
         */
        get: operations["getAllModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/scorers/{scorer_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Write scores for a prompt run
         * @description Stores values computed by a scorer for rows of a prompt run (per row and aggregated) and starts
         *     the job that records them. Returns the job's ID.
         */
        put: operations["putScore"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prompt templates
         * @description Returns the project's prompt templates, each with its selected version and the numbers of all its
         *     versions.
         */
        get: operations["getProjectTemplates"];
        put?: never;
        /**
         * Create a prompt template
         * @description Creates a prompt template with a name and its first version's text (a string or a list of
         *     messages) and returns it.
         */
        post: operations["createPromptTemplateWithVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/templates/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a template version by template name
         * @description Finds a prompt template by name and returns one of its versions: the given `version`, or the
         *     selected one when `version` is left out.
         */
        get: operations["getTemplateVersionByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a prompt template
         * @description Returns one prompt template with its selected version and the numbers of all its versions.
         */
        get: operations["getTemplateFromProject"];
        put?: never;
        post?: never;
        /**
         * Delete a prompt template
         * @description Deletes a prompt template with all its versions and returns a confirmation message.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/templates/{template_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a version to a prompt template
         * @description Stores new text for a prompt template as a new version and returns it. Give `version` to choose
         *     its number; otherwise the next number is used.
         */
        post: operations["createPromptTemplateVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/templates/{template_id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a version of a prompt template
         * @description Returns one numbered version of a prompt template with its text.
         */
        get: operations["getTemplateVersion"];
        /**
         * Select a prompt template version
         * @description Makes the numbered version the template's selected one, the version used by default, and returns
         *     the template. No body is sent.
         */
        put: operations["setSelectedTemplateVersion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's runs
         * @description Returns the runs of a project, optionally only the run with a given name.
         */
        get: operations["getProjectRuns"];
        put?: never;
        /**
         * Create a run
         * @description Creates a run in the project with a name, a task type and optional tags, and returns it.
         */
        post: operations["createRun"];
        /**
         * Delete several runs
         * @description Deletes the runs listed in the body and returns a confirmation message.
         */
        delete: operations["deleteRuns"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/prompts/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's prompt runs
         * @description Returns one page of the project's prompt runs with their averaged metrics, job status and cost.
         */
        get: operations["getProjectPromptRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/prompts/runs/columnar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prompt runs as columns (deprecated)
         * @deprecated
         * @description Returns one page of the project's prompt runs arranged as columns. Deprecated: use the POST form
         *     of this path, which returns the same columns and takes filters.
         */
        get: operations["getProjectPromptRunsAsColumns"];
        put?: never;
        /**
         * Get filtered prompt runs as columns
         * @description Returns one page of the project's prompt runs that match the optional filters, arranged as
         *     columns, with the total and filtered counts. Nothing is changed: the POST only carries the
         *     filters.
         */
        post: operations["getProjectPromptRunsAsColumnsWithFilters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a run
         * @description Returns one run with its creator, task type, tags and the splits and inference sets it has logged.
         */
        get: operations["getRun"];
        /**
         * Rename a run
         * @description Changes the run's name and returns the updated run.
         */
        put: operations["updateRun"];
        post?: never;
        /**
         * Delete a run
         * @description Deletes one run and returns a confirmation message.
         */
        delete: operations["deleteRun"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/prompts/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a prompt run (deprecated)
         * @deprecated
         * @description Returns one prompt run with its averaged metrics, job status and cost. Deprecated: `GET
         *     /projects/{project_id}/prompts/runs` returns the same records, page by page.
         */
        get: operations["getPromptRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a console link to a run
         * @description Returns the address of the run's page in the web console.
         */
        get: operations["getRunLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's tasks
         * @description Returns the names of the tasks logged in the run (several for multi-label or multi-task runs).
         */
        get: operations["getRunTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's labels
         * @description Returns the labels logged for the run, optionally for one task of a multi-task run.
         */
        get: operations["getRunLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/inference_names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's inference sets
         * @description Returns the names of the inference sets logged in the run.
         */
        get: operations["getRunInferenceNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/epochs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the epochs logged for a split
         * @description Returns the numbers of the training epochs the run logged data for in one split.
         */
        get: operations["getNumEpochsForRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/splits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's splits
         * @description Returns the splits the run has logged data for, and the splits inference data can be compared
         *     with.
         */
        get: operations["getSplits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's metrics
         * @description Returns the metric values recorded for the run, optionally only those with one key.
         */
        get: operations["getMetricsForRun"];
        /**
         * Record a metric for a run
         * @description Sets the value of one metric key of the run, for an epoch, and returns the stored entry.
         */
        put: operations["setMetricForRun"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a prompt run's aggregate metrics as columns
         * @description Returns the run's aggregated prompt metrics arranged as columns, each holding a single value.
         */
        get: operations["getPromptAggregateMetricsAsSingletonColumns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's tags
         * @description Returns the key and value tags attached to the run.
         */
        get: operations["getRunTags"];
        put?: never;
        /**
         * Tag a run
         * @description Attaches a key and value tag to the run and returns it.
         */
        post: operations["setTagForRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/tags/{tag_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a run tag
         * @description Returns one key/value tag of the run, with its type, who set it and when.
         */
        get: operations["getRunTag"];
        /**
         * Update a run tag
         * @description Replaces a tag's key, value and type and returns the tag.
         */
        put: operations["updateTagForRun"];
        post?: never;
        /**
         * Remove a run tag
         * @description Deletes one tag from the run and returns a confirmation message.
         */
        delete: operations["deleteRunTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/current_user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the signed-in user
         * @description Returns the user the request's credential belongs to, with their role and permissions.
         */
        get: operations["currentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/edits/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export edited data as a file
         * @description Applies the chosen edits to a run's data and returns the result as a file in the requested format.
         */
        post: operations["exportEdits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/edits/export/remote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export edited data to cloud storage
         * @description Applies the chosen edits to a run's data and writes the result to an object in a cloud storage
         *     bucket, returning the export settings used.
         */
        post: operations["exportEditsRemote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/edits/{edit_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an edit
         * @description Returns one edit: its action, the samples or filter it applies to, its reviews and whether it has
         *     been exported.
         */
        get: operations["getEdit"];
        put?: never;
        post?: never;
        /**
         * Delete an edit
         * @description Deletes one recorded edit and returns a confirmation message.
         */
        delete: operations["deleteEdit"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/edits/{edit_id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the rows an edit changes
         * @description Returns the edit with one page of the rows it affects, optionally narrowed to rows whose text
         *     matches a pattern.
         */
        get: operations["getEditContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/edits/{edit_id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Review an edit
         * @description Records that the caller has reviewed the edit and returns the review. No body is sent.
         */
        post: operations["addReviewForEdit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/group_roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the roles a group member can hold
         * @description Returns every role a member can have in a group, each with a display name and an explanation of
         *     what it allows.
         */
        get: operations["getGroupRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List groups
         * @description Returns one page of the user groups the caller can see, with their visibility, size and the
         *     caller's role in each.
         */
        get: operations["listGroups"];
        put?: never;
        /**
         * Create a group
         * @description Creates a user group with a name, a visibility and optionally its first members, and returns it.
         */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{group_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a group
         * @description Returns one user group with its visibility, size and the caller's role in it.
         */
        get: operations["getGroup"];
        put?: never;
        post?: never;
        /**
         * Delete a group
         * @description Deletes a user group. The service does not publish the shape of its answer.
         */
        delete: operations["deleteGroup"];
        options?: never;
        head?: never;
        /**
         * Update a group
         * @description Changes a group's name, description and visibility and returns the group.
         */
        patch: operations["updateGroup"];
        trace?: never;
    };
    "/groups/{group_id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a group's members
         * @description Returns one page of the group's members, with each member's role in the group.
         */
        get: operations["listGroupMembers"];
        put?: never;
        /**
         * Add users to a group
         * @description Adds each listed user to the group with the given role and returns the new memberships.
         */
        post: operations["addUserToGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{group_id}/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from a group
         * @description Takes a user out of the group. The service does not publish the shape of its answer.
         */
        delete: operations["deleteGroupMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role in a group
         * @description Gives a member of the group a different role and returns the updated membership.
         */
        patch: operations["updateGroupMember"];
        trace?: never;
    };
    "/llm_integrations/{llm_integration}/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a provider's models
         * @description Returns the names of the language models the caller can use through one connected provider.
         */
        get: operations["getAvailableModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llm_integrations/{llm_integration}/scorer_models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a provider's models usable as scorers
         * @description Returns the names of the language models from one connected provider that can act as judges for
         *     scorers.
         */
        get: operations["getAvailableScorerModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Exchanges an email (sent as `username`) and password, posted as an HTML form, for an access token.
         *     No header credential is needed: the form carries the credentials.
         */
        post: operations["loginEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/api_key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an API key
         * @description Exchanges an API key sent in the JSON body for an access token. No header credential is needed:
         *     the body carries the key.
         */
        post: operations["loginApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/social": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in through a social identity provider
         * @description Exchanges an ID token from a supported social identity provider, sent in the body with the
         *     provider's name, for an access token. No header credential is needed: the body carries the
         *     credential.
         */
        post: operations["loginSocial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the caller's session. The answer has the same token shape as sign-in; the service does not
         *     say what it holds after sign-out.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/observe/projects/{project_id}/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search logged workflows
         * @description Returns one page of the workflows (traces with their nested steps) logged to the project in the
         *     time window, matching the optional metadata filters. The page position (`starting_token`, `limit`)
         *     travels in the body. Nothing is changed: the POST only carries the query.
         */
        post: operations["getWorkflows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/observe/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log workflows
         * @description Logs workflows (traces whose steps can nest: chains, model calls, retrievers, tools and agents) to
         *     the project named or identified in the body, and returns how many workflows and records were
         *     taken.
         */
        post: operations["logWorkflows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/presigned_url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a pre-signed storage address
         * @description Returns a pre-signed address for reading (GET) or writing (PUT) one object in a storage bucket of
         *     the project, usable without further credentials.
         */
        get: operations["getPresignedUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's alert configurations
         * @description Returns one page of the monitoring alerts configured for an observe project, with their conditions
         *     and when they last fired.
         */
        get: operations["listAlertsByProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/alerts/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an alert configuration
         * @description Creates a monitoring alert for an observe project from its conditions and the interval at which
         *     they are checked, and returns it.
         */
        post: operations["createAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/alerts/{monitor_alert_config_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an alert configuration
         * @description Returns one monitoring alert with its conditions, state and when it last fired.
         */
        get: operations["getAlertById"];
        put?: never;
        post?: never;
        /**
         * Delete an alert configuration
         * @description Deletes a monitoring alert and returns a status message.
         */
        delete: operations["deleteAlert"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/alerts/{monitor_alert_config_id}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update an alert configuration
         * @description Changes a monitoring alert's conditions, interval or state and returns it. Fields left out or null
         *     keep their current values.
         */
        put: operations["updateAlert"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/column_schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the column types of observed records
         * @description Returns a map from each column of the project's logged records to its data type.
         */
        get: operations["getMetricsSchemaEndpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete observed records
         * @description Deletes the logged records that match the optional filters and returns them in the same form as a
         *     row query.
         */
        post: operations["deleteRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export observed records as a file
         * @description Returns the logged records that match the time window and optional filters as a JSON Lines or CSV
         *     file. Nothing is changed: the POST only carries the query.
         */
        post: operations["exportRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/export/databricks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export observed records to the data platform
         * @description Writes the logged records that match the time window and filters to a table on the data platform.
         *     The service does not publish the shape of its answer.
         */
        post: operations["exportRowsDatabricks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/filter_options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List filter values for observed records
         * @description Returns, for each filterable column of the project's logged records, the values seen in the time
         *     window.
         */
        get: operations["getFilterOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log records to an observe project
         * @description Logs a batch of production records (model calls, chain steps and their metadata) to an observe
         *     project. The service does not publish the shape of its answer.
         */
        post: operations["ingestObserveRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the models of an observe project's integrations
         * @description Returns, for each model provider connected to the project, the models and scorer models it offers.
         */
        get: operations["getProjectIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/metric_critique_columns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List metric columns that accept critiques
         * @description Returns the project's metric columns that can be critiqued, each with whether its critiques are
         *     being recomputed.
         */
        get: operations["getMetricCritiqueColumns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get metrics of observed records over time
         * @description Returns aggregate metrics and metrics bucketed every `interval` minutes for the records logged
         *     between `start_time` and `end_time` that match the optional filters, optionally grouped by a
         *     column. Nothing is changed: the POST only carries the query.
         */
        post: operations["getMetrics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search observed records
         * @description Returns the logged records that match the time window and optional filters, with the project's
         *     column types. It pages by `offset` and `limit`, not by `starting_token`. Nothing is changed: the
         *     POST only carries the query.
         */
        post: operations["getObserveRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/user_metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the metadata keys of observed records
         * @description Returns the user-defined metadata keys found on the project's logged records.
         */
        get: operations["getUserMetadataEndpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/observe/workflows-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count logged workflows
         * @description Returns how many logged workflows match the optional filters, and whether the count hit the
         *     service's maximum. Nothing is changed: the POST only carries the query.
         */
        post: operations["getWorkflowCount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/features/columns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's feature columns
         * @description Returns the names of the feature columns logged in the run.
         */
        get: operations["listFeatureColumns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/prompts/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a prompt run's alerts
         * @description Returns the alerts raised while evaluating a prompt run, each with the field it concerns and the
         *     filter that finds the affected rows.
         */
        get: operations["listEvaluateAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/edits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the edits of a split
         * @description Returns the edits recorded against one split of a run, optionally leaving out those already
         *     exported.
         */
        get: operations["getRunEdits"];
        put?: never;
        /**
         * Record an edit
         * @description Records an edit (for example relabelling, removing samples or replacing text) against samples of
         *     one split, chosen by ID or by filter, and returns it.
         */
        post: operations["createEdit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/edits/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the rows changed by a split's edits
         * @description Returns each edit of one split with one page of the rows it affects, optionally narrowed to rows
         *     whose text matches a pattern.
         */
        get: operations["getEditContentsForRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/edits/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the exports of a split's edits
         * @description Returns a record of each time an edit of the split was exported, with who exported it and when.
         */
        get: operations["getEditsExports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/edits/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List labels introduced by edits
         * @description Returns the labels that edits of the split have added and that were not in the run's original
         *     labels.
         */
        get: operations["getNewLabelsForRunEdits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/runs/{run_id}/split/{split}/slices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get model metrics for each saved slice
         * @description Returns each of the project's saved slices with the model metrics of the run's data in that slice,
         *     for one split.
         */
        get: operations["getSliceMetricsForRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/slices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's slices
         * @description Returns the project's saved slices, optionally only the one with a given name.
         */
        get: operations["getProjectSlices"];
        put?: never;
        /**
         * Save a slice
         * @description Saves a named filter over the project's data as a slice and returns it.
         */
        post: operations["createSlice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{project_id}/slices/{slice_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a slice
         * @description Returns one saved slice with its filter.
         */
        get: operations["getSlice"];
        /**
         * Update a slice
         * @description Replaces a saved slice's name and filter and returns the slice.
         */
        put: operations["updateSlice"];
        post?: never;
        /**
         * Delete a slice
         * @description Deletes a saved slice and returns a confirmation message.
         */
        delete: operations["deleteSlice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an email address
         * @description Confirms that the caller controls the email address in the body, proven by `verification_token`,
         *     and returns an access token. The service may accept this call without credentials; that is not
         *     confirmed, so this contract declares the usual three methods.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * HealthcheckResponse
         * @description The API's answer to a liveness check, with the versions it is running.
         */
        HealthcheckResponse: {
            /** @description The version of the API contract being served. */
            api_version: string;
            /** @description A short human-readable status. */
            message: string;
            /** @description The version of the service's software. */
            version: string;
        };
        /**
         * ErrorBody
         * @description The JSON body of an error answer other than 422. The service does not publish its fields;
         *     in practice it carries a `detail` that explains the error, but clients should not depend on
         *     any particular field.
         */
        ErrorBody: {
            [key: string]: unknown;
        };
        /**
         * GetTokenResponse
         * @description A freshly issued JWT and the moment it stops being accepted.
         */
        GetTokenResponse: {
            /**
             * @description The JWT. Send it as `Authorization: Bearer <access_token>`. Treat it as a secret: it grants
             *     the same access as the credentials it was issued for.
             */
            access_token: string;
            /**
             * @description How to present the token; always `bearer`.
             * @default bearer
             */
            token_type: string;
            /**
             * Format: date-time
             * @description When the token expires: 24 hours after it was issued. Fetch a new token a few minutes
             *     before this moment.
             */
            expires_at: string;
        };
        /**
         * DatasetType
         * @description Whether a dataset holds training or inference data.
         * @enum {string}
         */
        DatasetType: "training" | "inference";
        /**
         * ValidationRequest
         * @description A dataset payload to validate before upload, with its file type.
         */
        ValidationRequest: {
            /** @default csv */
            file_type?: string;
            payload: string;
        };
        /**
         * ValidationResponse
         * @description The file name and upload address for a dataset that passed validation.
         */
        ValidationResponse: {
            filename: string;
            upload_url: string;
        };
        /**
         * ValidationError
         * @description One validation problem, with where it was found and why it was rejected.
         */
        ValidationError: {
            /**
             * @description The path to the offending input: where it was (`query`, `path`, `body`, `header`) followed by
             *     the field names and list positions that lead to it.
             */
            loc: (string | number)[];
            /** @description A human-readable explanation of the problem. */
            msg: string;
            /** @description A machine-readable code for the kind of problem, such as `missing`. */
            type: string;
        };
        /**
         * HTTPValidationError
         * @description The body of a 422 answer, listing every part of the request that failed validation.
         */
        HTTPValidationError: {
            /** @description One entry per problem found. */
            detail?: components["schemas"]["ValidationError"][];
        };
        /**
         * TrainResponse
         * @description The id of a training job that was started.
         */
        TrainResponse: {
            /** Format: uuid */
            id: string;
        };
        /**
         * TrainJobStatusResponse
         * @description The status of a training job, with its history.
         */
        TrainJobStatusResponse: {
            history: unknown[];
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            project_id?: string | null;
            project_name?: string | null;
            /** Format: uuid */
            run_id?: string | null;
            run_name?: string | null;
            status: string;
            status_message: string;
        };
        /**
         * TrainJobAuthTokenResponse
         * @description A token and file address for a training job to fetch its data.
         */
        TrainJobAuthTokenResponse: {
            file_url: string;
            token: string;
        };
        /**
         * CollaboratorRole
         * @description The role a collaborator has on a shared resource.
         * @enum {string}
         */
        CollaboratorRole: "owner" | "editor" | "annotator" | "viewer";
        /**
         * CollaboratorRoleInfo
         * @description A collaborator role with its display name and what it allows.
         */
        CollaboratorRoleInfo: {
            description: string;
            display_name: string;
            name: components["schemas"]["CollaboratorRole"];
        };
        /**
         * ProjectType
         * @description The kind of a project.
         * @enum {string}
         */
        ProjectType: "training_inference" | "prompt_evaluation" | "llm_monitor" | "protect" | "gen_ai";
        /**
         * UserAction
         * @description An action a user may take on a user account.
         * @enum {string}
         */
        UserAction: "update" | "delete" | "read_api_keys";
        /**
         * GroupAction
         * @description An action a user may take on a group.
         * @enum {string}
         */
        GroupAction: "update" | "list_members" | "join" | "request_to_join";
        /**
         * GroupMemberAction
         * @description An action a user may take on a group member.
         * @enum {string}
         */
        GroupMemberAction: "update_role" | "delete";
        /**
         * ProjectAction
         * @description An action a user may take on a project.
         * @enum {string}
         */
        ProjectAction: "update" | "delete" | "rename" | "share" | "create_run" | "delete_run" | "rename_run" | "move_run" | "export_data" | "configure_human_feedback" | "record_human_feedback" | "log_data" | "toggle_metric" | "edit_alert" | "create_stage" | "edit_stage" | "configure_crown_logic" | "delete_data" | "set_metric" | "edit_run_tags" | "dismiss_alert" | "edit_slice" | "edit_edit";
        /**
         * RegisteredScorerAction
         * @description An action a user may take on a registered scorer.
         * @enum {string}
         */
        RegisteredScorerAction: "update" | "delete";
        /**
         * ApiKeyAction
         * @description An action a user may take on an API key.
         * @enum {string}
         */
        ApiKeyAction: "update" | "delete";
        /**
         * GeneratedScorerAction
         * @description An action a user may take on a generated scorer.
         * @enum {string}
         */
        GeneratedScorerAction: "update" | "delete";
        /**
         * DatasetAction
         * @description An action a user may take on a dataset.
         * @enum {string}
         */
        DatasetAction: "update" | "delete" | "share" | "export" | "rename";
        /**
         * Permission
         * @description Whether the caller may take an action, and why not when they may not.
         */
        Permission: {
            action: components["schemas"]["UserAction"] | components["schemas"]["GroupAction"] | components["schemas"]["GroupMemberAction"] | components["schemas"]["ProjectAction"] | components["schemas"]["RegisteredScorerAction"] | components["schemas"]["ApiKeyAction"] | components["schemas"]["GeneratedScorerAction"] | components["schemas"]["DatasetAction"];
            allowed: boolean;
            message?: string | null;
        };
        /**
         * AuthMethod
         * @description How a user signs in: email and password, or one of the supported identity providers.
         * @enum {string}
         */
        AuthMethod: "email" | "google" | "github" | "okta" | "azure-ad" | "custom";
        /**
         * UserRole
         * @description A user's role in the organisation.
         * @enum {string}
         */
        UserRole: "admin" | "manager" | "user" | "read_only";
        /**
         * UserDB
         * @description A user account of the organisation: identity, sign-in method, role and what the caller may do with it.
         */
        UserDB: {
            /**
             * @description How the user signs in.
             * @default email
             */
            auth_method: components["schemas"]["AuthMethod"];
            /**
             * Format: date-time
             * @description When the account was created.
             */
            created_at: string;
            /**
             * Format: email
             * @description The user's email address, which is also their sign-in name.
             */
            email: string;
            /** @description Whether the user has confirmed their email address. */
            email_is_verified?: boolean | null;
            /**
             * @description The user's first name.
             * @default
             */
            first_name: string | null;
            /**
             * Format: uuid
             * @description The user's ID.
             */
            id: string;
            /**
             * @description The user's last name.
             * @default
             */
            last_name: string | null;
            /**
             * @description Which actions the caller may take on this account.
             * @default []
             */
            permissions: components["schemas"]["Permission"][];
            /**
             * @description The user's organisation-wide role.
             * @default read_only
             */
            role: components["schemas"]["UserRole"];
            /**
             * Format: date-time
             * @description When the account was last changed.
             */
            updated_at: string;
        };
        /**
         * RunTagDB
         * @description A key/value tag attached to a run, with its type, who set it and when.
         */
        RunTagDB: {
            /**
             * Format: date-time
             * @description When the tag was set.
             */
            created_at: string;
            /**
             * Format: uuid
             * @description The ID of the user who set the tag.
             */
            created_by: string;
            /**
             * Format: uuid
             * @description The tag's ID.
             */
            id: string;
            /** @description The tag's key. */
            key: string;
            /**
             * Format: uuid
             * @description The ID of the run's project.
             */
            project_id: string;
            /**
             * Format: uuid
             * @description The ID of the tagged run.
             */
            run_id: string;
            /** @description A free-form category for the tag. */
            tag_type: string;
            /**
             * Format: date-time
             * @description When the tag was last changed.
             */
            updated_at: string;
            /** @description The tag's value. */
            value: string;
        };
        /**
         * TaskType
         * @description The machine-learning task of a run, by number.
         * @enum {integer}
         */
        TaskType: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16;
        /**
         * RunDB
         * @description A run: one set of data, prompts or results logged to a project, with its creator, tags and the splits and inference sets logged for it.
         */
        RunDB: {
            /**
             * Format: date-time
             * @description When the run was created.
             */
            created_at: string;
            /**
             * Format: uuid
             * @description The ID of the user who created the run.
             */
            created_by: string;
            /** @description The user who created the run. */
            creator: components["schemas"]["UserDB"];
            /** @description A hash of the dataset the run was logged with, when known. */
            dataset_hash?: string | null;
            example_content_id?: string | null;
            /**
             * Format: uuid
             * @description The run's ID.
             */
            id: string;
            /**
             * Format: uuid
             * @description The ID of the user who last changed the run.
             */
            last_updated_by: string;
            /** @description The names of the inference sets logged in the run. */
            logged_inference_names: string[];
            /** @description The splits the run has logged data for. */
            logged_splits: string[];
            /** @description The run's name. */
            name?: string | null;
            /** @description How many samples the run holds. */
            num_samples: number;
            /**
             * Format: uuid
             * @description The ID of the project the run belongs to.
             */
            project_id?: string | null;
            /** @description The key/value tags attached to the run. */
            run_tags?: components["schemas"]["RunTagDB"][];
            /** @description The run's machine-learning task, by number. */
            task_type?: components["schemas"]["TaskType"] | null;
            /**
             * Format: date-time
             * @description When the run was last changed.
             */
            updated_at: string;
            /** @description Whether the run is marked as the winner among the project's runs. */
            winner: boolean;
        };
        /**
         * ProjectDB
         * @description A project: the container for runs of one kind (training and inference, prompt evaluation, monitoring…), with its runs and what the caller may do with it.
         */
        ProjectDB: {
            /**
             * @description Whether the caller has bookmarked the project.
             * @default false
             */
            bookmark: boolean;
            /**
             * Format: date-time
             * @description When the project was created.
             */
            created_at: string;
            /**
             * Format: uuid
             * @description The ID of the user who created the project.
             */
            created_by: string;
            /**
             * Format: uuid
             * @description The project's ID.
             */
            id: string;
            /** @description The project's name. */
            name?: string | null;
            /**
             * @description Which actions the caller may take on the project, and why not where they may not.
             * @default []
             */
            permissions: components["schemas"]["Permission"][];
            /** @description The project's runs. */
            runs: components["schemas"]["RunDB"][];
            /** @description The kind of project; it decides which runs, data and operations apply. */
            type?: components["schemas"]["ProjectType"] | null;
            /**
             * Format: date-time
             * @description When the project was last changed.
             */
            updated_at: string;
        };
        /**
         * ProjectCreate
         * @description The name and type of a new project.
         */
        ProjectCreate: {
            /**
             * @description Whether the service should add its example prompt templates to the new project.
             * @default false
             */
            create_example_templates?: boolean;
            /**
             * Format: uuid
             * @description The ID of the user to record as the project's creator.
             */
            created_by?: string | null;
            /** @description The project's name. */
            name: string;
            /**
             * @description The kind of project.
             * @default training_inference
             */
            type?: components["schemas"]["ProjectType"];
        };
        /**
         * ProjectCreateResponse
         * @description The project that was just created.
         */
        ProjectCreateResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            /** Format: uuid */
            id: string;
            name?: string | null;
            type?: components["schemas"]["ProjectType"] | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * ProjectIDFilter
         * @description A project-list filter on the project's id.
         */
        ProjectIDFilter: {
            /**
             * @default id
             * @constant
             */
            name?: "id";
            /** Format: uuid */
            value: string;
        };
        /**
         * TextFilterOperator
         * @description How a text filter compares: equal, not equal, or contains.
         * @enum {string}
         */
        TextFilterOperator: "eq" | "ne" | "contains";
        /**
         * ProjectNameFilter
         * @description A project-list filter on the project's name.
         */
        ProjectNameFilter: {
            /** @default true */
            case_sensitive?: boolean;
            /**
             * @default name
             * @constant
             */
            name?: "name";
            operator: components["schemas"]["TextFilterOperator"];
            value: string;
        };
        /**
         * MembershipFilterOperator
         * @description How a filter compares with one value (eq, ne) or a list of values (one_of, not_in).
         * @enum {string}
         */
        MembershipFilterOperator: "eq" | "ne" | "one_of" | "not_in";
        /**
         * ProjectTypeFilter
         * @description A project-list filter on the project type.
         */
        ProjectTypeFilter: {
            /**
             * @default type
             * @constant
             */
            name?: "type";
            operator: components["schemas"]["MembershipFilterOperator"];
            value: components["schemas"]["ProjectType"] | components["schemas"]["ProjectType"][];
        };
        /**
         * ProjectCreatorFilter
         * @description A project-list filter on the user who created the project.
         */
        ProjectCreatorFilter: {
            /**
             * @default creator
             * @constant
             */
            name?: "creator";
            /** Format: uuid */
            value: string;
        };
        /**
         * ComparisonFilterOperator
         * @description How an ordered value (a date, a number) is compared: eq, ne, gt, gte, lt or lte.
         * @enum {string}
         */
        ComparisonFilterOperator: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
        /**
         * ProjectCreatedAtFilter
         * @description A project-list filter on the creation time.
         */
        ProjectCreatedAtFilter: {
            /**
             * @default created_at
             * @constant
             */
            name?: "created_at";
            operator: components["schemas"]["ComparisonFilterOperator"];
            /** Format: date-time */
            value: string;
        };
        /**
         * ProjectUpdatedAtFilter
         * @description A project-list filter on the last update time.
         */
        ProjectUpdatedAtFilter: {
            /**
             * @default updated_at
             * @constant
             */
            name?: "updated_at";
            operator: components["schemas"]["ComparisonFilterOperator"];
            /** Format: date-time */
            value: string;
        };
        /**
         * RangeFilterOperator
         * @description How a number is compared: eq, ne, gt, gte, lt, lte, or between two bounds.
         * @enum {string}
         */
        RangeFilterOperator: "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "between";
        /**
         * ProjectRunsFilter
         * @description A project-list filter on the number of runs.
         */
        ProjectRunsFilter: {
            /**
             * @default runs
             * @constant
             */
            name?: "runs";
            operator: components["schemas"]["RangeFilterOperator"];
            value: number | number[];
        };
        /**
         * ProjectBookmarkFilter
         * @description A project-list filter on whether the caller bookmarked the project.
         */
        ProjectBookmarkFilter: {
            /**
             * @default bookmark
             * @constant
             */
            name?: "bookmark";
            value: boolean;
        };
        /**
         * ProjectNameSort
         * @description Sorts the project list by the project's name.
         */
        ProjectNameSort: {
            /** @default true */
            ascending?: boolean;
            /**
             * @default name
             * @constant
             */
            name?: "name";
            /**
             * @default column
             * @constant
             */
            sort_type?: "column";
        };
        /**
         * ProjectTypeSort
         * @description Sorts the project list by the project type.
         */
        ProjectTypeSort: {
            /** @default true */
            ascending?: boolean;
            /**
             * @default type
             * @constant
             */
            name?: "type";
            /**
             * @default column
             * @constant
             */
            sort_type?: "column";
        };
        /**
         * ProjectCreatedAtSort
         * @description Sorts the project list by the creation time.
         */
        ProjectCreatedAtSort: {
            /** @default true */
            ascending?: boolean;
            /**
             * @default created_at
             * @constant
             */
            name?: "created_at";
            /**
             * @default column
             * @constant
             */
            sort_type?: "column";
        };
        /**
         * ProjectUpdatedAtSort
         * @description Sorts the project list by the last update time.
         */
        ProjectUpdatedAtSort: {
            /** @default true */
            ascending?: boolean;
            /**
             * @default updated_at
             * @constant
             */
            name?: "updated_at";
            /**
             * @default column
             * @constant
             */
            sort_type?: "column";
        };
        /**
         * ProjectRunsSort
         * @description Sorts the project list by the number of runs.
         */
        ProjectRunsSort: {
            /** @default true */
            ascending?: boolean;
            /**
             * @default runs
             * @constant
             */
            name?: "runs";
            /**
             * @default custom
             * @constant
             */
            sort_type?: "custom";
        };
        /**
         * ProjectBookmarkSort
         * @description Sorts the project list by whether the caller bookmarked the project.
         */
        ProjectBookmarkSort: {
            /** @default true */
            ascending?: boolean;
            /**
             * @default bookmark
             * @constant
             */
            name?: "bookmark";
            /**
             * @default custom
             * @constant
             */
            sort_type?: "custom";
        };
        /**
         * ProjectCollectionParams
         * @description Filters and sort order for listing projects.
         */
        ProjectCollectionParams: {
            filters?: (components["schemas"]["ProjectIDFilter"] | components["schemas"]["ProjectNameFilter"] | components["schemas"]["ProjectTypeFilter"] | components["schemas"]["ProjectCreatorFilter"] | components["schemas"]["ProjectCreatedAtFilter"] | components["schemas"]["ProjectUpdatedAtFilter"] | components["schemas"]["ProjectRunsFilter"] | components["schemas"]["ProjectBookmarkFilter"])[];
            /** @default null */
            sort?: components["schemas"]["ProjectNameSort"] | components["schemas"]["ProjectTypeSort"] | components["schemas"]["ProjectCreatedAtSort"] | components["schemas"]["ProjectUpdatedAtSort"] | components["schemas"]["ProjectRunsSort"] | components["schemas"]["ProjectBookmarkSort"] | null;
        };
        /**
         * GetProjectsPaginatedResponse
         * @description A page of projects.
         */
        GetProjectsPaginatedResponse: {
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            projects: components["schemas"]["ProjectDB"][];
            /** @default 0 */
            starting_token: number;
        };
        /**
         * RunDBThin
         * @description A run with its tags, in a lighter form.
         */
        RunDBThin: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
            creator: components["schemas"]["UserDB"];
            dataset_hash?: string | null;
            example_content_id?: string | null;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            last_updated_by: string;
            name?: string | null;
            num_samples: number;
            /** Format: uuid */
            project_id?: string | null;
            run_tags?: components["schemas"]["RunTagDB"][];
            task_type?: components["schemas"]["TaskType"] | null;
            /** Format: date-time */
            updated_at: string;
            winner: boolean;
        };
        /**
         * ProjectDBThin
         * @description A project with its runs and the caller's permissions, in a lighter form.
         */
        ProjectDBThin: {
            /** @default false */
            bookmark: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
            /** Format: uuid */
            id: string;
            name?: string | null;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            runs: components["schemas"]["RunDBThin"][];
            type?: components["schemas"]["ProjectType"] | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * ProjectUpdate
         * @description New values for a project's name, type or recorded creator. Fields left out or null keep their current values.
         */
        ProjectUpdate: {
            /**
             * Format: uuid
             * @description The ID of the user to record as the project's creator.
             */
            created_by?: string | null;
            /** @description The project's new name. */
            name?: string | null;
            /** @description The project's new type. */
            type?: components["schemas"]["ProjectType"] | null;
        };
        /**
         * ProjectUpdateResponse
         * @description The project after an update.
         */
        ProjectUpdateResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            /** Format: uuid */
            id: string;
            name?: string | null;
            type?: components["schemas"]["ProjectType"] | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * ProjectDeleteResponse
         * @description Confirms that a project was deleted.
         */
        ProjectDeleteResponse: {
            message: string;
        };
        /**
         * ProjectFileUploadForm
         * @description The multipart form that uploads a file to a project, with metadata that describes the upload.
         */
        ProjectFileUploadForm: {
            /** Format: binary */
            file: Blob | Uint8Array;
            upload_metadata: string;
        };
        /**
         * UserCollaborator
         * @description A user that has access to a shared resource, with their role.
         */
        UserCollaborator: {
            /** Format: date-time */
            created_at: string;
            email: string;
            first_name: string | null;
            /** Format: uuid */
            id: string;
            last_name: string | null;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            role: components["schemas"]["CollaboratorRole"];
            /** Format: uuid */
            user_id: string;
        };
        /**
         * ListUserCollaboratorsResponse
         * @description A page of the users that have access to a resource.
         */
        ListUserCollaboratorsResponse: {
            collaborators: components["schemas"]["UserCollaborator"][];
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * UserCollaboratorCreate
         * @description Gives a user access to a shared resource with a role.
         */
        UserCollaboratorCreate: {
            /** @default viewer */
            role?: components["schemas"]["CollaboratorRole"];
            /** Format: uuid */
            user_id: string;
        };
        /**
         * GroupCollaborator
         * @description A group that has access to a shared resource, with its role.
         */
        GroupCollaborator: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            group_id: string;
            group_name: string;
            /** Format: uuid */
            id: string;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            role: components["schemas"]["CollaboratorRole"];
        };
        /**
         * ListGroupCollaboratorsResponse
         * @description A page of the groups that have access to a resource.
         */
        ListGroupCollaboratorsResponse: {
            collaborators: components["schemas"]["GroupCollaborator"][];
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * GroupCollaboratorCreate
         * @description Gives a group access to a shared resource with a role.
         */
        GroupCollaboratorCreate: {
            /** Format: uuid */
            group_id: string;
            /** @default viewer */
            role?: components["schemas"]["CollaboratorRole"];
        };
        /**
         * CollaboratorUpdate
         * @description Changes a collaborator's role.
         */
        CollaboratorUpdate: {
            role: components["schemas"]["CollaboratorRole"];
        };
        /**
         * UserRoleInfo
         * @description A user role with its display name and what it allows.
         */
        UserRoleInfo: {
            description: string;
            display_name: string;
            name: components["schemas"]["UserRole"];
        };
        /**
         * CreateSignupLinkResponse
         * @description The link a new user opens to finish signing up.
         */
        CreateSignupLinkResponse: {
            /**
             * @description The signup address for the user. It identifies the unverified account the call created;
             *     share it only with that user.
             */
            signup_url: string;
        };
        /**
         * InviteUsersRequest
         * @description Invites users by email with a role, optionally into groups, and optionally emails them.
         */
        InviteUsersRequest: {
            emails: string[];
            /** @default [] */
            group_ids?: string[];
            /** @default user */
            role?: components["schemas"]["UserRole"];
            /** @default true */
            send_email?: boolean;
        };
        /**
         * GetUserResponse
         * @description A user account of the organisation with its role, sign-in method and counts of the projects and runs it owns.
         */
        GetUserResponse: {
            /**
             * @description How the user signs in.
             * @default email
             */
            auth_method: components["schemas"]["AuthMethod"];
            /** Format: date-time */
            created_at: string;
            /**
             * Format: email
             * @description The user's email address, which is also their sign-in name.
             */
            email: string;
            /** @description Whether the user has confirmed their email address. */
            email_is_verified?: boolean | null;
            /** @default  */
            first_name: string | null;
            /**
             * Format: uuid
             * @description The user's ID.
             */
            id: string;
            /** @default  */
            last_name: string | null;
            /**
             * @description Which actions the caller may take on this account.
             * @default []
             */
            permissions: components["schemas"]["Permission"][];
            /** @description How many projects the user owns. */
            projects_count: number;
            /**
             * @description The user's organisation-wide role.
             * @default read_only
             */
            role: components["schemas"]["UserRole"];
            /** @description How many runs the user owns. */
            runs_count: number;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * GetUsersResponse
         * @description A page of user accounts.
         */
        GetUsersResponse: {
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
            users: components["schemas"]["GetUserResponse"][];
        };
        /**
         * UserCreate
         * @description A new user account: the email address and, for email sign-in, a password.
         */
        UserCreate: {
            /**
             * @description How the user will sign in.
             * @default email
             */
            auth_method?: components["schemas"]["AuthMethod"];
            /**
             * Format: email
             * @description The user's email address, which is also their sign-in name.
             */
            email: string;
            /**
             * @description Whether to treat the email address as already confirmed.
             * @default false
             */
            email_is_verified?: boolean | null;
            /**
             * @description The user's first name.
             * @default
             */
            first_name?: string | null;
            /**
             * @description The user's last name.
             * @default
             */
            last_name?: string | null;
            /**
             * Format: password
             * @description The password for signing in with email and password.
             */
            password?: string | null;
            /**
             * @description The user's organisation-wide role.
             * @default read_only
             */
            role?: components["schemas"]["UserRole"];
        };
        /**
         * CreateUserResponse
         * @description The user account that was just created.
         */
        CreateUserResponse: {
            /** @default email */
            auth_method: components["schemas"]["AuthMethod"];
            /** Format: date-time */
            created_at: string;
            /** Format: email */
            email: string;
            email_is_verified?: boolean | null;
            /** @default  */
            first_name: string | null;
            /** Format: uuid */
            id: string;
            /** @default  */
            last_name: string | null;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            /** @default read_only */
            role: components["schemas"]["UserRole"];
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * DeleteUserResponse
         * @description Confirms that a user was deleted.
         */
        DeleteUserResponse: {
            message: string;
        };
        /**
         * SocialProvider
         * @description A social or single-sign-on identity provider.
         * @enum {string}
         */
        SocialProvider: "google" | "github" | "okta" | "azure-ad" | "custom";
        /**
         * SocialLoginRequest
         * @description Logs in with an identity token from a social or single-sign-on provider.
         */
        SocialLoginRequest: {
            id_token: string;
            provider: components["schemas"]["SocialProvider"];
        };
        /**
         * UserUpdate
         * @description New values for a user account. Fields left out or null keep their current values.
         */
        UserUpdate: {
            /**
             * Format: email
             * @description The new email address.
             */
            email?: string | null;
            /** @description Whether the email address counts as confirmed. */
            email_is_verified?: boolean | null;
            /** @description The new first name. */
            first_name?: string | null;
            /** @description The new last name. */
            last_name?: string | null;
            /** @description The new organisation-wide role. */
            role?: components["schemas"]["UserRole"] | null;
        };
        /**
         * UpdateUserResponse
         * @description The user account after an update.
         */
        UpdateUserResponse: {
            /** @default email */
            auth_method: components["schemas"]["AuthMethod"];
            /** Format: date-time */
            created_at: string;
            /** Format: email */
            email: string;
            email_is_verified?: boolean | null;
            /** @default  */
            first_name: string | null;
            /** Format: uuid */
            id: string;
            /** @default  */
            last_name: string | null;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            /** @default read_only */
            role: components["schemas"]["UserRole"];
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * RunDBThinWithProjectName
         * @description A run with its tags and the name of its project.
         */
        RunDBThinWithProjectName: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
            creator: components["schemas"]["UserDB"];
            dataset_hash?: string | null;
            example_content_id?: string | null;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            last_updated_by: string;
            name?: string | null;
            num_samples: number;
            /** Format: uuid */
            project_id?: string | null;
            project_name: string;
            run_tags?: components["schemas"]["RunTagDB"][];
            task_type?: components["schemas"]["TaskType"] | null;
            /** Format: date-time */
            updated_at: string;
            winner: boolean;
        };
        /**
         * GetUserLatestRunsDB
         * @description A page of the runs a user worked on most recently.
         */
        GetUserLatestRunsDB: {
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            runs?: components["schemas"]["RunDBThinWithProjectName"][];
            /** @default 0 */
            starting_token: number;
        };
        /**
         * PasswordResetResponse
         * @description A password reset link, given as the path of the page that completes the reset.
         */
        PasswordResetResponse: {
            pathname: string;
        };
        /**
         * PasswordResetEmailResponse
         * @description The answer to a request for a password reset email; the service declares no fields for it.
         */
        PasswordResetEmailResponse: {
            [key: string]: unknown;
        };
        /**
         * UserPasswordResetRequest
         * @description Sets a new password for a user account.
         */
        UserPasswordResetRequest: {
            email: string;
            /** @default true */
            email_is_verified?: boolean;
            /** Format: password */
            password?: string | null;
        };
        /**
         * UserPasswordResetResponse
         * @description The user account after a password reset.
         */
        UserPasswordResetResponse: {
            /** @default email */
            auth_method: components["schemas"]["AuthMethod"];
            /** Format: date-time */
            created_at: string;
            /** Format: email */
            email: string;
            email_is_verified?: boolean | null;
            /** @default  */
            first_name: string | null;
            /** Format: uuid */
            id: string;
            /** @default  */
            last_name: string | null;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            /** @default read_only */
            role: components["schemas"]["UserRole"];
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * TransferUserResponse
         * @description Confirms that a user's resources were transferred.
         */
        TransferUserResponse: {
            message: string;
        };
        /**
         * GroupRole
         * @description A user's role in a group; pending means a request to join awaits approval.
         * @enum {string}
         */
        GroupRole: "maintainer" | "member" | "pending";
        /**
         * GroupVisibility
         * @description Who can see a group: public, private or hidden.
         * @enum {string}
         */
        GroupVisibility: "public" | "private" | "hidden";
        /**
         * GroupDB
         * @description A group with its size, visibility and the caller's role in it.
         */
        GroupDB: {
            /** Format: date-time */
            created_at: string;
            description?: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            role?: components["schemas"]["GroupRole"] | null;
            size: number;
            /** @default public */
            visibility: components["schemas"]["GroupVisibility"];
        };
        /**
         * RangePromptFilterParam
         * @description A filter that keeps prompt rows whose column lies within a range.
         */
        RangePromptFilterParam: {
            column: string;
            /** @constant */
            filter_type: "range";
            high: number;
            low: number;
        };
        /**
         * Operator
         * @description A comparison operator for filters.
         * @enum {string}
         */
        Operator: "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "has_all" | "between" | "like";
        /**
         * ValuePromptFilterParam
         * @description A filter that compares a prompt row's column with a value.
         */
        ValuePromptFilterParam: {
            column: string;
            /** @constant */
            filter_type: "value";
            relation: components["schemas"]["Operator"];
            value: number | boolean | string;
        };
        /**
         * CategoryFilterOperator
         * @description How a category filter matches: any, all, exactly or none of the given categories.
         * @enum {string}
         */
        CategoryFilterOperator: "any" | "all" | "exact" | "none";
        /**
         * CategoricalPromptFilterParam
         * @description A filter that keeps prompt rows whose column holds any, all, exactly or none of the given categories.
         */
        CategoricalPromptFilterParam: {
            categories: string[];
            column: string;
            /** @constant */
            filter_type: "category";
            /** @default any */
            operator?: components["schemas"]["CategoryFilterOperator"];
        };
        /**
         * PromptFilterParams
         * @description Filters over prompt evaluation rows.
         */
        PromptFilterParams: {
            filters?: (components["schemas"]["RangePromptFilterParam"] | components["schemas"]["ValuePromptFilterParam"] | components["schemas"]["CategoricalPromptFilterParam"])[];
        };
        /**
         * InsightType
         * @description How an insight is drawn: vertical or horizontal bars.
         * @enum {string}
         */
        InsightType: "vertical_bar" | "horizontal_bar";
        /**
         * MetricThreshold
         * @description How a metric's values are bucketed into levels for display.
         */
        MetricThreshold: {
            buckets?: (number)[];
            display_value_levels?: string[];
            /** @default false */
            inverted: boolean;
        };
        /**
         * MetricInsight
         * @description A chart that summarises one metric column by category.
         */
        MetricInsight: {
            aggregate?: number | null;
            categories: {
                [key: string]: number;
            };
            column_name: string;
            insight_type: components["schemas"]["InsightType"];
            metric_threshold?: components["schemas"]["MetricThreshold"] | null;
            title: string;
        };
        /**
         * PromptDatasetDB
         * @description A dataset of prompt inputs uploaded to a project for evaluation: its IDs, file name and row count.
         */
        PromptDatasetDB: {
            /**
             * Format: uuid
             * @description The dataset's ID.
             */
            dataset_id: string;
            /** @description The name of the dataset's file. */
            file_name?: string | null;
            /**
             * Format: uuid
             * @description The ID of the dataset's entry in the project.
             */
            id: string;
            /** @description A note from the service about the dataset, when there is one. */
            message?: string | null;
            /** @description How many rows the dataset holds, when known. */
            num_rows?: number | null;
            rows?: number | null;
        };
        /**
         * ListPromptDatasetResponse
         * @description A page of a project's prompt datasets.
         */
        ListPromptDatasetResponse: {
            datasets?: components["schemas"]["PromptDatasetDB"][];
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * DatasetFormat
         * @description A file format for datasets.
         * @enum {string}
         */
        DatasetFormat: "csv" | "feather" | "jsonl";
        /**
         * PromptDatasetUploadForm
         * @description The multipart form that uploads a dataset file for prompt evaluation.
         */
        PromptDatasetUploadForm: {
            /**
             * Format: binary
             * @description The dataset file to upload.
             */
            file: Blob | Uint8Array;
        };
        /**
         * PromptDatasetUpdateForm
         * @description The multipart form that replaces a prompt dataset's file or renames its columns.
         */
        PromptDatasetUpdateForm: {
            /**
             * @description New names for the dataset's columns. The service's reference types this field as nullable;
             *     a multipart field is either sent or left out, so the contract leaves null out.
             */
            column_names?: string[];
            /**
             * Format: binary
             * @description A file that replaces the dataset's current one. Nullable in the service's reference; leave
             *     the field out to keep the current file.
             */
            file?: Blob | Uint8Array;
        };
        /**
         * Metrics
         * @description Per-row scores of a prompt evaluation row.
         */
        Metrics: {
            bleu?: number | null;
            context_relevance?: number | null;
            factuality?: number | null;
            groundedness?: number | null;
            hallucination?: number | null;
            instruction_adherence?: number | null;
            latency?: number | null;
            pii?: string[] | null;
            rouge?: number | null;
            toxicity?: number | null;
        };
        /**
         * NodeType
         * @description The kind of a node in a logged workflow or chain.
         * @enum {string}
         */
        NodeType: "chain" | "chat" | "llm" | "retriever" | "tool" | "agent" | "workflow" | "trace";
        /**
         * HallucinationSegment
         * @description A span of generated text with its hallucination score and severity.
         */
        HallucinationSegment: {
            end: number;
            hallucination: number;
            /** @default 0 */
            hallucination_severity: number;
            start: number;
        };
        /**
         * PromptRow
         * @description One row of a prompt evaluation run: the prompt, response, target and their scores.
         */
        PromptRow: {
            bleu?: number | null;
            /** Format: uuid */
            chain_id?: string | null;
            /** Format: uuid */
            chain_root_id?: string | null;
            cost?: number | null;
            hallucination?: number | null;
            /** @default 0 */
            hallucination_severity: number;
            has_children?: boolean | null;
            index: number;
            inputs?: {
                [key: string]: string | null;
            };
            metrics?: components["schemas"]["Metrics"];
            /** Format: uuid */
            node_id?: string | null;
            node_input?: string | null;
            node_name?: string | null;
            node_output?: string | string[] | {
                [key: string]: string;
            } | null;
            node_type?: components["schemas"]["NodeType"] | null;
            prompt?: string | null;
            /** @default 0 */
            prompt_hallucination_severity: number;
            prompt_segments?: components["schemas"]["HallucinationSegment"][] | null;
            response?: string | null;
            response_segments?: components["schemas"]["HallucinationSegment"][];
            rouge?: number | null;
            segments?: components["schemas"]["HallucinationSegment"][];
            target?: string | null;
        };
        /**
         * GetPromptRowsResponse
         * @description A page of prompt evaluation rows.
         */
        GetPromptRowsResponse: {
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            rows?: components["schemas"]["PromptRow"][];
            /** @default 0 */
            starting_token: number;
        };
        /**
         * LLMExportFormat
         * @description The file format of an export of LLM data.
         * @enum {string}
         */
        LLMExportFormat: "csv" | "jsonl";
        /**
         * Alert
         * @description A short alert shown next to a column: a title and a message.
         */
        Alert: {
            alert_message: string;
            alert_title: string;
        };
        /**
         * DataTypeOptions
         * @description The kind of data a column holds, which decides how it is displayed and filtered.
         * @enum {string}
         */
        DataTypeOptions: "unknown" | "text" | "label" | "floating_point" | "integer" | "timestamp" | "milli_seconds" | "boolean" | "uuid" | "percentage" | "dollars" | "array" | "template_label" | "thumb_rating_percentage" | "user_id" | "text_offsets" | "segments" | "hallucination_segments" | "thumb_rating" | "score_rating" | "star_rating" | "tags_rating" | "thumb_rating_aggregate" | "score_rating_aggregate" | "star_rating_aggregate" | "tags_rating_aggregate";
        /**
         * JobStatus
         * @description The state of a background job.
         * @enum {string}
         */
        JobStatus: "unstarted" | "in_progress" | "completed" | "error" | "failed";
        /**
         * ScorerType
         * @description The family a scorer belongs to: Luna or Plus.
         * @enum {string}
         */
        ScorerType: "Luna" | "Plus";
        /**
         * JobInfo
         * @description The status of a background job, such as a scorer, with its error when it failed.
         */
        JobInfo: {
            job_error_message?: string | null;
            job_status?: components["schemas"]["JobStatus"] | null;
            job_type?: components["schemas"]["ScorerType"] | null;
            scorer_name?: string | null;
        };
        /**
         * MetricNotComputed
         * @description A metric value that was not computed.
         */
        MetricNotComputed: {
            /** @default Metric not computed. */
            message: string | null;
            scorer_type?: components["schemas"]["ScorerType"] | null;
            /**
             * @default not_computed
             * @constant
             */
            status_type: "not_computed";
        };
        /**
         * MetricPending
         * @description A metric value that is waiting to be computed.
         */
        MetricPending: {
            scorer_type?: components["schemas"]["ScorerType"] | null;
            /**
             * @default pending
             * @constant
             */
            status_type: "pending";
        };
        /**
         * MetricComputing
         * @description A metric value that is being computed now.
         */
        MetricComputing: {
            scorer_type?: components["schemas"]["ScorerType"] | null;
            /**
             * @default computing
             * @constant
             */
            status_type: "computing";
        };
        /**
         * MetricNotApplicable
         * @description A metric value that does not apply to this row.
         */
        MetricNotApplicable: {
            /** @default Metric not applicable. */
            message: string;
            scorer_type?: components["schemas"]["ScorerType"] | null;
            /**
             * @default not_applicable
             * @constant
             */
            status_type: "not_applicable";
        };
        /**
         * MetricCritiqueContent
         * @description A critique of a metric result: what the user said, the value they expected and the original explanation.
         */
        MetricCritiqueContent: {
            critique: string;
            intended_value: boolean;
            original_explanation: string;
        };
        /**
         * MetricCritiqueColumnar
         * @description A user's critique of a metric's explanation for a row, and the revised explanation.
         */
        MetricCritiqueColumnar: {
            critique_info: components["schemas"]["MetricCritiqueContent"];
            /** Format: uuid */
            id: string;
            is_computed: boolean;
            revised_explanation: string | null;
        };
        /**
         * Segment
         * @description A span of text with a value and its probability.
         */
        Segment: {
            end: number;
            prob?: number | null;
            start: number;
            value: number | string;
        };
        /**
         * Document
         * @description A retrieved document: its text and optional metadata.
         */
        Document: {
            metadata?: {
                [key: string]: boolean | string | number;
            };
            page_content: string;
        };
        /**
         * LikeDislikeRating
         * @description A like or dislike rating, given as a boolean.
         */
        LikeDislikeRating: {
            /**
             * @default like_dislike
             * @constant
             */
            feedback_type?: "like_dislike";
            value: boolean;
        };
        /**
         * StarRating
         * @description A star rating.
         */
        StarRating: {
            /**
             * @default star
             * @constant
             */
            feedback_type?: "star";
            value: number;
        };
        /**
         * ScoreRating
         * @description A numeric-score rating.
         */
        ScoreRating: {
            /**
             * @default score
             * @constant
             */
            feedback_type?: "score";
            value: number;
        };
        /**
         * TagsRating
         * @description A rating that picks tags.
         */
        TagsRating: {
            /**
             * @default tags
             * @constant
             */
            feedback_type?: "tags";
            value: string[];
        };
        /**
         * TextRating
         * @description A free-text rating.
         */
        TextRating: {
            /**
             * @default text
             * @constant
             */
            feedback_type?: "text";
            value: string;
        };
        /**
         * FeedbackRatingDB
         * @description A rating a reviewer gave with a feedback template, with their explanation, who gave it and when.
         */
        FeedbackRatingDB: {
            /**
             * Format: date-time
             * @description When the rating was given.
             */
            created_at: string;
            /**
             * Format: uuid
             * @description The ID of the user who gave the rating.
             */
            created_by: string | null;
            /** @description The reviewer's explanation, when given. */
            explanation?: string | null;
            /** @description The rating, in the shape that matches the template's kind. */
            rating: components["schemas"]["LikeDislikeRating"] | components["schemas"]["StarRating"] | components["schemas"]["ScoreRating"] | components["schemas"]["TagsRating"] | components["schemas"]["TextRating"];
        };
        /**
         * LikeDislikeAggregate
         * @description Like/dislike feedback aggregated across raters.
         */
        LikeDislikeAggregate: {
            dislike_count: number;
            /**
             * @default like_dislike
             * @constant
             */
            feedback_type?: "like_dislike";
            like_count: number;
            unrated_count: number;
        };
        /**
         * StarAggregate
         * @description Star-rating feedback aggregated across raters.
         */
        StarAggregate: {
            average: number;
            counts: {
                [key: string]: number;
            };
            /**
             * @default star
             * @constant
             */
            feedback_type?: "star";
            unrated_count: number;
        };
        /**
         * ScoreAggregate
         * @description Numeric-score feedback aggregated across raters.
         */
        ScoreAggregate: {
            average: number;
            /**
             * @default score
             * @constant
             */
            feedback_type?: "score";
            unrated_count: number;
        };
        /**
         * TagsAggregate
         * @description Tag feedback aggregated across raters.
         */
        TagsAggregate: {
            counts: {
                [key: string]: number;
            };
            /**
             * @default tags
             * @constant
             */
            feedback_type?: "tags";
            unrated_count: number;
        };
        /**
         * FeedbackAggregate
         * @description Human feedback on a row, aggregated across raters.
         */
        FeedbackAggregate: {
            aggregate: components["schemas"]["LikeDislikeAggregate"] | components["schemas"]["StarAggregate"] | components["schemas"]["ScoreAggregate"] | components["schemas"]["TagsAggregate"];
        };
        /**
         * MetricSuccess
         * @description A computed metric value, with its explanation, display form and cost.
         */
        MetricSuccess: {
            cost?: number | null;
            critique?: components["schemas"]["MetricCritiqueColumnar"] | null;
            display_value?: string | null;
            explanation?: string | null;
            model_alias?: string | null;
            num_judges?: number | null;
            rationale?: string | null;
            scorer_type?: components["schemas"]["ScorerType"] | null;
            /**
             * @default success
             * @constant
             */
            status_type: "success";
            value: string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[][] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[][][] | null;
        };
        /**
         * MetricError
         * @description A metric value that could not be computed because of an error.
         */
        MetricError: {
            /** @default An error occured. */
            message: string | null;
            scorer_type?: components["schemas"]["ScorerType"] | null;
            /**
             * @default error
             * @constant
             */
            status_type: "error";
        };
        /**
         * MetricFailed
         * @description A metric value whose computation failed.
         */
        MetricFailed: {
            /** @default Metric failed to compute. */
            message: string | null;
            scorer_type?: components["schemas"]["ScorerType"] | null;
            /**
             * @default failed
             * @constant
             */
            status_type: "failed";
        };
        /**
         * PromptRowColumn
         * @description A column of prompt evaluation rows: its data type, display settings and the status of the scorer that fills it.
         */
        PromptRowColumn: {
            alert?: components["schemas"]["Alert"] | null;
            /** @default false */
            can_critique_column: boolean;
            /** @default unknown */
            data_type: components["schemas"]["DataTypeOptions"];
            description?: string | null;
            display_values?: (string | null)[] | null;
            /** @default true */
            filterable: boolean;
            group_description?: string | null;
            group_label?: string | null;
            group_name?: string | null;
            job_error_message?: string | null;
            job_info?: (components["schemas"]["JobInfo"] | null)[] | null;
            job_status?: components["schemas"]["JobStatus"] | null;
            job_type?: components["schemas"]["ScorerType"] | null;
            label?: string | null;
            /** @default false */
            metric_critique_computing: boolean;
            metric_infos?: (components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"])[];
            metric_threshold?: components["schemas"]["MetricThreshold"] | null;
            name: string;
            scorer_name?: string | null;
            /** @default true */
            sortable: boolean;
            source?: string | null;
            values?: (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[][] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[][][] | null)[];
        };
        /**
         * GetPromptRowsColumnarResponse
         * @description A page of prompt evaluation rows in columnar form.
         */
        GetPromptRowsColumnarResponse: {
            columns?: components["schemas"]["PromptRowColumn"][];
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            num_filtered_rows?: number | null;
            num_rows?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * PromptSampleIDs
         * @description The row indices of a prompt run, grouped by key, with the total number of rows.
         */
        PromptSampleIDs: {
            sample_indices: {
                [key: string]: number[];
            };
            total_samples: number;
        };
        /**
         * PromptGroupResponse
         * @description A group of prompt run columns shown together, with its label and icon.
         */
        PromptGroupResponse: {
            columns: string[];
            group_description?: string | null;
            /** @default Puzzle */
            group_icon: string;
            group_label: string;
            group_name?: string | null;
        };
        /**
         * LikeDislikeConstraints
         * @description Settings of a like/dislike feedback template.
         */
        LikeDislikeConstraints: {
            /** @constant */
            feedback_type: "like_dislike";
        };
        /**
         * StarConstraints
         * @description Settings of a star-rating feedback template.
         */
        StarConstraints: {
            /** @constant */
            feedback_type: "star";
        };
        /**
         * ScoreConstraints
         * @description The range allowed for numeric-score feedback.
         */
        ScoreConstraints: {
            /** @constant */
            feedback_type: "score";
            max: number;
            min: number;
        };
        /**
         * TagsConstraints
         * @description The tags allowed in tag feedback, and whether raters may add others.
         */
        TagsConstraints: {
            /** @default false */
            allow_other?: boolean;
            /** @constant */
            feedback_type: "tags";
            tags: string[];
        };
        /**
         * TextConstraints
         * @description Settings of a free-text feedback template.
         */
        TextConstraints: {
            /** @constant */
            feedback_type: "text";
        };
        /**
         * FeedbackTemplateDB
         * @description A human feedback template: what reviewers are asked, the kind of rating they give and its limits.
         */
        FeedbackTemplateDB: {
            /** @description The kind of rating the template collects (like/dislike, stars, score, tags or text) and its limits. */
            constraints: components["schemas"]["LikeDislikeConstraints"] | components["schemas"]["StarConstraints"] | components["schemas"]["ScoreConstraints"] | components["schemas"]["TagsConstraints"] | components["schemas"]["TextConstraints"];
            /**
             * Format: date-time
             * @description When the template was created.
             */
            created_at: string;
            /**
             * Format: uuid
             * @description The ID of the user who created the template.
             */
            created_by: string | null;
            /** @description The question or guidance shown to reviewers. */
            criteria?: string | null;
            /**
             * Format: uuid
             * @description The template's ID.
             */
            id: string;
            /** @description Whether reviewers are asked to explain their rating. */
            include_explanation: boolean;
            /** @description The template's name. */
            name: string;
        };
        /**
         * FeedbackTemplateCreate
         * @description A new human feedback template: its name, what reviewers are asked and the kind of rating they give.
         */
        FeedbackTemplateCreate: {
            /** @description The kind of rating to collect and its limits. An update cannot change them later. */
            constraints: components["schemas"]["LikeDislikeConstraints"] | components["schemas"]["StarConstraints"] | components["schemas"]["ScoreConstraints"] | components["schemas"]["TagsConstraints"] | components["schemas"]["TextConstraints"];
            /** @description The question or guidance shown to reviewers. */
            criteria?: string | null;
            /**
             * @description Whether reviewers are asked to explain their rating.
             * @default false
             */
            include_explanation?: boolean;
            /** @description The template's name. */
            name: string;
        };
        /**
         * FeedbackTemplateUpdate
         * @description A new name and criteria for a human feedback template.
         */
        FeedbackTemplateUpdate: {
            /** @description The new question or guidance shown to reviewers. */
            criteria: string | null;
            /** @description The template's new name. */
            name: string;
        };
        /**
         * FeedbackRatingCreate
         * @description A reviewer's rating given with a feedback template, with an optional explanation.
         */
        FeedbackRatingCreate: {
            /** @description Why the reviewer gave this rating. */
            explanation?: string | null;
            /** @description The rating; its `feedback_type` must match the template's kind. */
            rating: components["schemas"]["LikeDislikeRating"] | components["schemas"]["StarRating"] | components["schemas"]["ScoreRating"] | components["schemas"]["TagsRating"] | components["schemas"]["TextRating"];
        };
        /**
         * Split
         * @description A data split of a run.
         * @enum {string}
         */
        Split: "training" | "validation" | "test" | "inference";
        /**
         * LassoSelection
         * @description A free-hand selection on the embeddings plot, as the x and y coordinates of its outline.
         */
        LassoSelection: {
            x: number[];
            y: number[];
        };
        /**
         * MetaFilter
         * @description A filter on one metadata column: equal to, in a set, or within a range.
         */
        MetaFilter: {
            greater_than?: number | null;
            is_equal?: number | null;
            isin?: (string | boolean | number | null)[] | null;
            less_than?: number | null;
            name: string;
        };
        /**
         * FilterParams
         * @description Filters that select samples of a run split: by labels, predictions, scores, text, metadata, ids, embeddings and so on.
         */
        FilterParams: {
            cbo_clusters?: number[] | null;
            class_filter?: string[] | null;
            cluster_ids?: number[] | null;
            confidence_high?: number | null;
            confidence_low?: number | null;
            correctly_classified?: boolean | null;
            /** @default false */
            data_embs?: boolean | null;
            data_error_potential_high?: number | null;
            data_error_potential_low?: number | null;
            drift_score_threshold?: number | null;
            /** @default [] */
            exclude_ids?: number[];
            gold_filter?: string[] | null;
            /** @default [] */
            ids?: number[];
            image_ids?: number[] | null;
            is_drifted?: boolean | null;
            is_edited?: boolean | null;
            is_otb?: boolean | null;
            lasso?: components["schemas"]["LassoSelection"] | null;
            likely_mislabeled?: boolean | null;
            /** @default 0 */
            likely_mislabeled_dep_percentile?: number | null;
            meta_filter?: components["schemas"]["MetaFilter"][] | null;
            misclassified_only?: boolean | null;
            num_similar_to?: number | null;
            pred_filter?: string[] | null;
            regex?: boolean | null;
            similar_to?: number[] | null;
            /** @default false */
            span_regex?: boolean | null;
            span_sample_ids?: number[] | null;
            span_text?: string | null;
            text_pat?: string | null;
        };
        /**
         * SummaryRequest
         * @description Asks for a page of samples of a run split with summary statistics, filtered and sorted.
         */
        SummaryRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            hard_easy_threshold?: boolean;
            /** @default true */
            include_emb?: boolean;
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            /** @default 0 */
            page_num?: number;
            /** @default false */
            sort_ascending?: boolean;
            sort_by?: string | null;
            /** @default false */
            sort_by_id_list?: boolean;
            task?: string | null;
        };
        /**
         * BBox
         * @description A bounding box in an object-detection sample, with its coordinates, labels, confidence and error type.
         */
        BBox: {
            bbox: number[];
            confidence?: number | null;
            data_error_potential?: number | null;
            error_type?: string | null;
            gold?: string | null;
            id: number;
            is_active: boolean;
            is_gold: boolean;
            is_pred: boolean;
            pred?: string | null;
            tide_match_id?: number | null;
            x?: number | null;
            y?: number | null;
        };
        /**
         * TopKToken
         * @description A candidate token and its probability.
         */
        TopKToken: {
            prob: number;
            token: string;
        };
        /**
         * Seq2SeqSegment
         * @description A span of generated text with its uncertainty and most likely tokens.
         */
        Seq2SeqSegment: {
            data_error_potential?: number | null;
            end: number;
            generated_uncertainty?: number | null;
            segment_probability?: number | null;
            start: number;
            /** @default [] */
            top_k_tokens: components["schemas"]["TopKToken"][];
        };
        /**
         * NoiseType
         * @description The kind of noise detected in a sample, if any.
         * @enum {string}
         */
        NoiseType: "Label Noise" | "Feature Noise" | "None";
        /**
         * SemSegErrorType
         * @description The kind of error found in a semantic-segmentation polygon.
         * @enum {string}
         */
        SemSegErrorType: "class_confusion" | "classification" | "background" | "missed" | "None";
        /**
         * PolygonSize
         * @description The size class of a polygon.
         * @enum {string}
         */
        PolygonSize: "extra_small" | "small" | "medium" | "large" | "extra_large";
        /**
         * PolygonData
         * @description A polygon in a semantic-segmentation sample, with its area, labels and error type.
         */
        PolygonData: {
            accuracy?: number | null;
            area?: number | null;
            background_error_pct?: number | null;
            contours: unknown[];
            data_error_potential: number;
            error_type?: components["schemas"]["SemSegErrorType"] | null;
            gold?: string | null;
            id: number;
            is_active: boolean;
            is_gold: boolean;
            is_pred: boolean;
            pred?: string | null;
            size?: components["schemas"]["PolygonSize"] | null;
        };
        /**
         * Span
         * @description A labelled span of text in a sample, with its prediction, confidence and error type.
         */
        Span: {
            confidence?: number | null;
            data_error_potential?: number | null;
            error_type?: string | null;
            gold?: string | null;
            id: number;
            is_active: boolean;
            is_drifted?: boolean | null;
            is_on_the_boundary?: boolean | null;
            pred: string;
            span_end: number;
            span_start: number;
            x?: number | null;
            y?: number | null;
        };
        /**
         * DataRow
         * @description One sample of a run split with its input, labels, predictions and per-sample quality scores.
         */
        DataRow: {
            background?: number | null;
            bleu?: number | null;
            boundary_iou?: number | null;
            boxes?: components["schemas"]["BBox"][] | null;
            classification?: number | null;
            classification_and_localization?: number | null;
            confidence?: number | null;
            data_error_potential?: number | null;
            dep_mask?: string | null;
            drift_score?: number | null;
            duplicate?: number | null;
            /** @default false */
            edit_relabeled: boolean;
            /** @default false */
            edited: boolean;
            generated_output?: string | null;
            generated_segments?: components["schemas"]["Seq2SeqSegment"][] | null;
            generated_uncertainty?: number | null;
            ghost_span?: number | null;
            gold?: string | null;
            height?: number | null;
            id: number;
            /** @default  */
            image: string | null;
            input?: string | null;
            input_cutoff?: number | null;
            is_drifted?: boolean | null;
            is_on_the_boundary?: boolean | null;
            localization?: number | null;
            max_dep?: number | null;
            max_dep_label?: string | null;
            mean_iou?: number | null;
            meta?: {
                [key: string]: unknown;
            } | null;
            missed?: number | null;
            missed_label?: number | null;
            mltc_golds?: string[] | null;
            mltc_golds_deps?: number[] | null;
            mltc_preds?: string[] | null;
            mltc_preds_deps?: number[] | null;
            noise_type?: components["schemas"]["NoiseType"] | null;
            perplexity?: number | null;
            polygons?: components["schemas"]["PolygonData"][] | null;
            pred?: string | null;
            rouge?: number | null;
            span_shift?: number | null;
            spans?: components["schemas"]["Span"][] | null;
            system_prompts?: {
                [key: string]: string;
            } | null;
            target?: string | null;
            target_cutoff?: number | null;
            target_segments?: components["schemas"]["Seq2SeqSegment"][] | null;
            /** @default  */
            text: string | null;
            total_errors?: number | null;
            width?: number | null;
            wrong_tag?: number | null;
            x?: number | null;
            y?: number | null;
        };
        /**
         * InferenceModelMetrics
         * @description Model metrics for inference data, which has no labels to score against.
         */
        InferenceModelMetrics: {
            confidence: number;
        };
        /**
         * InferenceResults
         * @description The results of a run on an inference set: samples, labels and model metrics.
         */
        InferenceResults: {
            /** @default [] */
            data_metrics: components["schemas"]["DataRow"][];
            has_next_page: boolean;
            labels: string[];
            model_metrics: components["schemas"]["InferenceModelMetrics"];
            sample_count: number;
            span_count?: number | null;
            split_total_sample_count: number;
            split_total_span_count?: number | null;
        };
        /**
         * InferenceRunResults
         * @description The results of a run on one inference set.
         */
        InferenceRunResults: {
            inference_name: string;
            split_name: components["schemas"]["Split"];
            split_run_results: components["schemas"]["InferenceResults"];
        };
        /**
         * RunResults
         * @description The results of a run on one split: samples, labels and how many samples are hard, easy or misclassified.
         */
        RunResults: {
            /** @default [] */
            data_metrics: components["schemas"]["DataRow"][];
            easy_samples_threshold?: number | null;
            hard_samples_threshold?: number | null;
            has_next_page: boolean;
            labels: string[];
            sample_count: number;
            sample_easy_percentage: number;
            sample_hard_percentage: number;
            sample_misclassified_percentage: number;
            span_count?: number | null;
            split_total_sample_count: number;
            split_total_span_count?: number | null;
            top_erroneous_words?: {
                [key: string]: number;
            } | null;
        };
        /**
         * SplitRunResults
         * @description The results of a run on one split.
         */
        SplitRunResults: {
            split_name: components["schemas"]["Split"];
            split_run_results: components["schemas"]["RunResults"];
        };
        /**
         * InsightSummaryResults
         * @description The results of a run on one split or on one inference set.
         */
        InsightSummaryResults: components["schemas"]["InferenceRunResults"] | components["schemas"]["SplitRunResults"];
        /**
         * ContentRequest
         * @description Asks for a content insight over the filtered data of a run split.
         */
        ContentRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            task?: string | null;
        };
        /**
         * GroupByMetrics
         * @description Per-label metrics of a run split, one list entry per label.
         */
        GroupByMetrics: {
            /** @default [] */
            confidence: number[];
            /** @default [] */
            data_error_potential: number[];
            /** @default [] */
            f1: number[];
            /** @default [] */
            ghost_span: number[];
            labels?: (string | number | boolean)[];
            /** @default [] */
            missed_label: number[];
            /** @default [] */
            precision: number[];
            /** @default [] */
            recall: number[];
            /** @default [] */
            span_shift: number[];
            /** @default [] */
            support: number[];
            /** @default [] */
            total_errors: number[];
            /** @default [] */
            wrong_tag: number[];
        };
        /**
         * SummaryIDRequest
         * @description Asks for the ids of the samples a summary query selects.
         */
        SummaryIDRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            hard_easy_threshold?: boolean;
            /** @default true */
            include_emb?: boolean;
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            /** @default 0 */
            page_num?: number;
            /** @default false */
            sort_ascending?: boolean;
            sort_by?: string | null;
            /** @default false */
            sort_by_id_list?: boolean;
            task?: string | null;
        };
        /**
         * SummaryIDResponse
         * @description The ids of the samples a summary query selects, with the query.
         */
        SummaryIDResponse: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default false */
            hard_easy_threshold: boolean;
            ids: number[];
            /** @default true */
            include_emb: boolean;
            /** @default 0.5 */
            map_threshold: number;
            meta_cols?: string[] | null;
            /** @default 0 */
            page_num: number;
            /** @default false */
            sort_ascending: boolean;
            sort_by?: string | null;
            /** @default false */
            sort_by_id_list: boolean;
            task?: string | null;
        };
        /**
         * FilterPercentageRequest
         * @description Asks what share of a run split's samples the given filters select.
         */
        FilterPercentageRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            task?: string | null;
        };
        /**
         * FilterPercentageResponse
         * @description The share of a run split's samples (and boxes or polygons) that the given filters select.
         */
        FilterPercentageResponse: {
            compare_to?: components["schemas"]["Split"] | null;
            feature_noise_pct?: number | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            gold_box_count?: number | null;
            gold_box_percentage?: number | null;
            gold_polygon_count?: number | null;
            gold_polygon_percentage?: number | null;
            label_noise_pct?: number | null;
            /** @default 0.5 */
            map_threshold: number;
            meta_cols?: string[] | null;
            percentage: number;
            pred_box_count?: number | null;
            pred_box_percentage?: number | null;
            pred_polygon_count?: number | null;
            pred_polygon_percentage?: number | null;
            sample_count: number;
            sample_drifted_percentage?: number | null;
            sample_easy_percentage?: number | null;
            sample_error_percentage?: number | null;
            sample_hard_percentage?: number | null;
            sample_misclassified_percentage?: number | null;
            sample_mislabeled_percentage?: number | null;
            sample_otb_percentage?: number | null;
            span_count?: number | null;
            span_percentage?: number | null;
            task?: string | null;
        };
        /**
         * ThresholdRequest
         * @description Asks for the thresholds that separate hard and easy samples in a run split.
         */
        ThresholdRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold?: number;
            task?: string | null;
        };
        /**
         * ThresholdResponse
         * @description The thresholds that separate hard and easy samples in a run split.
         */
        ThresholdResponse: {
            compare_to?: components["schemas"]["Split"] | null;
            easy_samples_threshold: number;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            hard_samples_threshold: number;
            /** @default 0.5 */
            map_threshold: number;
            task?: string | null;
        };
        /**
         * EditAction
         * @description What an edit does to the selected samples (relabel, delete, change text, change spans and so on).
         * @enum {string}
         */
        EditAction: "relabel" | "delete" | "select_for_label" | "relabel_as_pred" | "update_text" | "shift_span" | "add_span" | "create_new_label";
        /**
         * EditSummary
         * @description How many edits of one action a run has.
         */
        EditSummary: {
            count: number;
            edit_action: components["schemas"]["EditAction"];
        };
        /**
         * Distribution
         * @description A histogram: the bin edges, the count in each bin and optional metrics per bin.
         */
        Distribution: {
            bins: number[];
            counts: number[];
            metrics?: components["schemas"]["GroupByMetrics"] | null;
        };
        /**
         * MultiLabelTaskMetrics
         * @description Precision, recall and F1 per label for a multi-label task.
         */
        MultiLabelTaskMetrics: {
            /** @default [] */
            f1: number[];
            labels?: (string | number | boolean)[];
            /** @default [] */
            precision: number[];
            /** @default [] */
            recall: number[];
        };
        /**
         * ModelMetrics
         * @description Model metrics of a run split: accuracy, precision, recall, F1 and more.
         */
        ModelMetrics: {
            accuracy: number;
            confidence?: number | null;
            dep_distribution?: components["schemas"]["Distribution"] | null;
            f1: number;
            /**
             * @default {
             *       "f1": [],
             *       "labels": [],
             *       "precision": [],
             *       "recall": []
             *     }
             */
            multi_label_task_metrics: components["schemas"]["MultiLabelTaskMetrics"];
            precision: number;
            recall: number;
        };
        /**
         * SliceMetrics
         * @description A slice with its model metrics.
         */
        SliceMetrics: {
            /** Format: uuid */
            created_by?: string | null;
            logic: components["schemas"]["FilterParams"];
            metrics: components["schemas"]["ModelMetrics"];
            name: string;
            /** Format: uuid */
            project_id?: string | null;
        };
        /**
         * ProjectRunSummary
         * @description A summary of one run for comparison: its metrics, slices, edits and hard samples.
         */
        ProjectRunSummary: {
            avg_samples: number;
            /** @default [] */
            data_edits: components["schemas"]["EditSummary"][];
            hard_sample_metrics?: components["schemas"]["ModelMetrics"] | null;
            hard_sample_pct: number;
            /** Format: uuid */
            id: string;
            labels: string[];
            metrics: components["schemas"]["ModelMetrics"];
            name: string;
            num_samples: number;
            num_spans?: number | null;
            slices: components["schemas"]["SliceMetrics"][];
            spans_per_class?: number | null;
            spans_per_sample?: number | null;
            task?: string | null;
            task_type: components["schemas"]["TaskType"];
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * CompareRunsResponse
         * @description Summaries of several runs of a project on one split, for side-by-side comparison.
         */
        CompareRunsResponse: {
            /** Format: uuid */
            project_id: string;
            runs: components["schemas"]["ProjectRunSummary"][];
            split: components["schemas"]["Split"];
        };
        /**
         * DistributionRequest
         * @description Asks for the distribution of one column over the filtered data of a run split.
         */
        DistributionRequest: {
            col: string;
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            include_metrics?: boolean;
            limit_max?: number | null;
            limit_min?: number | null;
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            /** @default 20 */
            nbins?: number;
            /** @default false */
            remove_outliers?: boolean;
            task?: string | null;
        };
        /**
         * MetricsRequest
         * @description Asks for model metrics over the filtered data of a run split.
         */
        MetricsRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            task?: string | null;
        };
        /**
         * MetricsResponse
         * @description Model metrics (accuracy, precision, recall, F1 and more) over the filtered data of a run split.
         */
        MetricsResponse: {
            accuracy?: number | null;
            compare_to?: components["schemas"]["Split"] | null;
            confidence?: number | null;
            data_error_potential?: number | null;
            f1?: number | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold: number;
            meta_cols?: string[] | null;
            /**
             * @default {
             *       "f1": [],
             *       "labels": [],
             *       "precision": [],
             *       "recall": []
             *     }
             */
            multi_label_task_metrics: components["schemas"]["MultiLabelTaskMetrics"];
            precision?: number | null;
            recall?: number | null;
            task?: string | null;
        };
        /**
         * TargetLabels
         * @description A label and how often it occurs with another label.
         */
        TargetLabels: {
            co_occurrence: number;
            label: string;
        };
        /**
         * LabelCoOccurences
         * @description Which other labels appear together with a starting label, with the samples where they do.
         */
        LabelCoOccurences: {
            ids: number[];
            labels: components["schemas"]["TargetLabels"][];
            starting_label: string;
        };
        /**
         * MultiLabelCoOccurrence
         * @description How often labels occur together in multi-label samples.
         */
        MultiLabelCoOccurrence: {
            co_occurrences: components["schemas"]["LabelCoOccurences"][];
            num_samples: number;
            percent_samples: number;
        };
        /**
         * SimilarToResponse
         * @description The samples most similar to the given ones.
         */
        SimilarToResponse: {
            from_inference_name?: string | null;
            from_split: components["schemas"]["Split"];
            inference_name?: string | null;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            similar_ids: number[];
            split: components["schemas"]["Split"];
            task?: string | null;
        };
        /**
         * CBOClusterRequest
         * @description Asks for the clusters of samples a model most often confuses, within the filtered data of a run split.
         */
        CBOClusterRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            task?: string | null;
        };
        /**
         * CBORunCluster
         * @description One cluster of commonly confused samples: its labels, size and score.
         */
        CBORunCluster: {
            id: number;
            labels: string[];
            num_samples: number;
            score: number;
        };
        /**
         * CBOClusterResponse
         * @description The clusters of samples a model most often confuses, with the query that produced them.
         */
        CBOClusterResponse: {
            cbo_clusters: components["schemas"]["CBORunCluster"][];
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold: number;
            meta_cols?: string[] | null;
            task?: string | null;
        };
        /**
         * CartographCluster
         * @description A cluster of similar samples found in a run's data, with its size, topic and average scores.
         */
        CartographCluster: {
            average_confidence?: number | null;
            average_dep?: number | null;
            average_f1?: number | null;
            cluster_description: string;
            cluster_id: number;
            cluster_size: number;
            cluster_summary?: string | null;
            cluster_topic?: string | null;
        };
        /**
         * CartographClusterResponse
         * @description The sample clusters found in a run's data.
         */
        CartographClusterResponse: {
            cartograph_clusters: components["schemas"]["CartographCluster"][];
        };
        /**
         * CommunityResponse
         * @description A group of labels that are often confused with one another, with how many samples it covers.
         */
        CommunityResponse: {
            labels: string[];
            num_samples: number;
            score: number;
        };
        /**
         * TopInsightsRequest
         * @description Asks for the top insights over the filtered data of a run split.
         */
        TopInsightsRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            task?: string | null;
        };
        /**
         * TopInsightsResponse
         * @description The top insights of a run split: most misclassified label pairs, most erroneous words and most correlated pairs.
         */
        TopInsightsResponse: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold: number;
            meta_cols?: string[] | null;
            task?: string | null;
            /** @default {} */
            top_correlation_pairs: {
                [key: string]: number;
            };
            /** @default {} */
            top_erroneous_words: {
                [key: string]: number;
            };
            /** @default [] */
            top_misclassified_pairs: {
                [key: string]: unknown;
            }[];
            top_misclassified_pairs_percentage: number;
        };
        /**
         * InsightChartRequest
         * @description Asks for the data of an insight chart over the filtered data of a run split.
         */
        InsightChartRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold?: number;
            meta_cols?: string[] | null;
            task?: string | null;
        };
        /**
         * InsightChartResponse
         * @description The data of an insight chart: a grid of values with its row and column labels.
         */
        InsightChartResponse: {
            compare_to?: components["schemas"]["Split"] | null;
            data: (number)[][];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default 0.5 */
            map_threshold: number;
            meta_cols?: string[] | null;
            task?: string | null;
            x_labels: string[];
            y_labels: string[];
        };
        /**
         * ExtraAlertFilters
         * @description Extra filters an insight alert applies, such as the mAP threshold.
         */
        ExtraAlertFilters: {
            map_threshold?: string | null;
        };
        /**
         * AlertImportance
         * @description How important an insight alert is: high, medium or low.
         * @enum {string}
         */
        AlertImportance: "high" | "medium" | "low";
        /**
         * XRayClass
         * @description The kind of insight alert, by number.
         * @enum {integer}
         */
        XRayClass: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23 | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31 | 32 | 33 | 34 | 35 | 36 | 37 | 38 | 39 | 40 | 41 | 42 | 43 | 44 | 45 | 46 | 47 | 48 | 49 | 50 | 51 | 52 | 53;
        /**
         * XRayCardDB
         * @description An insight alert on a run: what was found, how important it is and the filters that show the affected samples.
         */
        XRayCardDB: {
            alert_id: number;
            dismissed: boolean;
            extra_filters?: components["schemas"]["ExtraAlertFilters"] | null;
            /** Format: uuid */
            id: string;
            importance?: components["schemas"]["AlertImportance"] | null;
            logic?: components["schemas"]["FilterParams"] | null;
            /** @default  */
            message: string;
            message_fields: {
                [key: string]: unknown;
            };
            pct_samples?: number | null;
            score?: number | null;
            suggestion?: string | null;
            xray_class: components["schemas"]["XRayClass"];
            /** @default  */
            xray_classname: string;
        };
        /**
         * BarChart
         * @description Data for a bar chart: one label per bar and its value.
         */
        BarChart: {
            labels: string[];
            values: (number)[];
        };
        /**
         * MAPResponse
         * @description Mean average precision of an object-detection run, with average precision per class and error scores.
         */
        MAPResponse: {
            ap_per_class: components["schemas"]["BarChart"];
            error_scores: components["schemas"]["BarChart"];
            map: number;
            map_threshold: number;
        };
        /**
         * SegmentationMetricsResponse
         * @description Semantic-segmentation metrics of a run split, overall and per class.
         */
        SegmentationMetricsResponse: {
            boundary_iou: number;
            boundary_iou_per_class: components["schemas"]["BarChart"];
            dice_coefficient: number;
            dice_per_class: components["schemas"]["BarChart"];
            mean_iou: number;
            mean_iou_per_class: components["schemas"]["BarChart"];
        };
        /**
         * Seq2SeqMetricsResponse
         * @description Average BLEU, ROUGE and data error potential of a sequence-to-sequence run split.
         */
        Seq2SeqMetricsResponse: {
            average_bleu?: number | null;
            average_data_error_potential?: number | null;
            average_rouge?: number | null;
        };
        /**
         * DataRows
         * @description A page of samples from a run split.
         */
        DataRows: {
            data_rows: components["schemas"]["DataRow"][];
            has_next_page: boolean;
        };
        /**
         * ErrorDistribution
         * @description How errors are distributed over labels: counts and percentages.
         */
        ErrorDistribution: {
            /** @default [] */
            counts: number[];
            /** @default [] */
            labels: string[];
            /** @default 0 */
            percentage: number;
        };
        /**
         * IntegrationName
         * @description The kind of an integration.
         * @enum {string}
         */
        IntegrationName: "aws_bedrock" | "aws_sagemaker" | "azure" | "databricks" | "labelstudio" | "openai" | "vertex_ai" | "writer" | "anthropic" | "mistral";
        /**
         * IntegrationDB
         * @description An integration the caller has set up: its kind, who created it and when. Its settings are read with `GET /integrations/{name}`.
         */
        IntegrationDB: {
            /**
             * Format: date-time
             * @description When the integration was set up.
             */
            created_at: string;
            /**
             * Format: uuid
             * @description The ID of the user who set it up.
             */
            created_by: string;
            /**
             * Format: uuid
             * @description The integration's ID.
             */
            id: string;
            /** @description The kind of integration. */
            name: components["schemas"]["IntegrationName"];
            /**
             * Format: date-time
             * @description When the integration was last changed.
             */
            updated_at: string;
        };
        /**
         * AvailableIntegrations
         * @description The integration kinds the service supports.
         */
        AvailableIntegrations: {
            integrations: components["schemas"]["IntegrationName"][];
        };
        /**
         * AwsCredentialType
         * @description How AWS credentials are given: an assumed role or an access key and secret.
         * @enum {string}
         */
        AwsCredentialType: "assumed_role" | "key_secret";
        /**
         * AwsBedrockIntegration
         * @description The AWS Bedrock integration as the service returns it, without its secret.
         */
        AwsBedrockIntegration: {
            /** @default key_secret */
            credential_type: components["schemas"]["AwsCredentialType"];
            extra?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default aws_bedrock
             * @constant
             */
            name: "aws_bedrock";
            /** @default us-west-2 */
            region: string;
        };
        /**
         * ModelCostBy
         * @description Whether a model's price is counted by tokens or by characters.
         * @enum {string}
         */
        ModelCostBy: "tokens" | "characters";
        /**
         * InputMap
         * @description How a model's prompt is assembled: the prompt field and the text added before and after it.
         */
        InputMap: {
            /** @default  */
            prefix?: string;
            prompt: string;
            /** @default  */
            suffix?: string;
        };
        /**
         * LLMIntegration
         * @description The LLM provider an integration or model belongs to.
         * @enum {string}
         */
        LLMIntegration: "anthropic" | "azure" | "aws_bedrock" | "aws_sagemaker" | "databricks" | "vertex_ai" | "openai" | "writer" | "mistral";
        /**
         * OutputMap
         * @description Where to find the response, token counts and finish reason in a model's raw output.
         */
        OutputMap: {
            completion_reason?: string | null;
            input_token_count?: string | null;
            output_token_count?: string | null;
            response: string;
            token_count?: string | null;
        };
        /**
         * RunParamsMap
         * @description The names a model's API uses for each generation parameter.
         */
        RunParamsMap: {
            api_version?: string | null;
            deployment_name?: string | null;
            echo?: string | null;
            frequency_penalty?: string | null;
            logprobs?: string | null;
            max_tokens?: string | null;
            model?: string | null;
            n?: string | null;
            presence_penalty?: string | null;
            response_format?: string | null;
            stop_sequences?: string | null;
            temperature?: string | null;
            tool_choice?: string | null;
            tools?: string | null;
            top_k?: string | null;
            top_logprobs?: string | null;
            top_p?: string | null;
        };
        /**
         * Model
         * @description An LLM the service can call: its provider, token limits, prices and how its prompts and parameters are mapped.
         */
        Model: {
            alias: string;
            api_version?: string | null;
            assistant_role?: string | null;
            /** @default tokens */
            cost_by?: components["schemas"]["ModelCostBy"];
            /** @default 0 */
            formatting_tokens?: number;
            input_map?: components["schemas"]["InputMap"] | null;
            /** @default 0 */
            input_price?: number;
            input_token_limit?: number | null;
            /** @default openai */
            integration?: components["schemas"]["LLMIntegration"];
            /** @default false */
            is_chat?: boolean;
            name: string;
            output_map?: components["schemas"]["OutputMap"] | null;
            /** @default 0 */
            output_price?: number;
            output_token_limit?: number | null;
            params_map?: components["schemas"]["RunParamsMap"];
            /** @default false */
            provides_log_probs?: boolean;
            /** @default 0 */
            response_prefix_tokens?: number;
            /** @default false */
            system_supported?: boolean;
            token_limit?: number | null;
            user_role?: string | null;
        };
        /**
         * AwsSageMakerIntegration
         * @description The AWS SageMaker integration as the service returns it, without its secret.
         */
        AwsSageMakerIntegration: {
            /** @default key_secret */
            credential_type: components["schemas"]["AwsCredentialType"];
            extra?: {
                [key: string]: unknown;
            } | null;
            models?: components["schemas"]["Model"][];
            /**
             * @default aws_sagemaker
             * @constant
             */
            name: "aws_sagemaker";
            /** @default us-west-2 */
            region: string;
        };
        /**
         * AzureAuthenticationType
         * @description How the service authenticates to Azure: an API key, a client secret or a username and password.
         * @enum {string}
         */
        AzureAuthenticationType: "api_key" | "client_secret" | "username_password";
        /**
         * AzureModelDeployment
         * @description A model deployment available in an Azure integration, with the model it serves.
         */
        AzureModelDeployment: {
            id: string;
            model: string;
        };
        /**
         * AzureIntegration
         * @description The Azure OpenAI integration as the service returns it, without its secret.
         */
        AzureIntegration: {
            /** @default 2024-10-21 */
            api_version: string;
            authentication_scope?: string | null;
            /** @default api_key */
            authentication_type: components["schemas"]["AzureAuthenticationType"];
            available_deployments?: components["schemas"]["AzureModelDeployment"][] | null;
            azure_deployment?: string | null;
            endpoint: string;
            extra?: {
                [key: string]: unknown;
            } | null;
            headers?: {
                [key: string]: string;
            } | null;
            /**
             * @default azure
             * @constant
             */
            name: "azure";
            /** @default false */
            proxy: boolean;
        };
        /**
         * DatabricksIntegration
         * @description The Databricks integration as the service returns it, without its secret.
         */
        DatabricksIntegration: {
            extra?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default databricks
             * @constant
             */
            name: "databricks";
        };
        /**
         * LabelStudioIntegration
         * @description The labelling-tool (Label Studio) integration as the service returns it, without its secret.
         */
        LabelStudioIntegration: {
            extra?: {
                [key: string]: unknown;
            } | null;
            is_enterprise: boolean;
            /**
             * @default labelstudio
             * @constant
             */
            name: "labelstudio";
            url: string;
        };
        /**
         * OpenAIIntegration
         * @description The OpenAI integration as the service returns it, without its secret.
         */
        OpenAIIntegration: {
            extra?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default openai
             * @constant
             */
            name: "openai";
            organization_id?: string | null;
        };
        /**
         * VertexAIIntegration
         * @description The Google Vertex AI integration as the service returns it, without its secret.
         */
        VertexAIIntegration: {
            extra?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default vertex_ai
             * @constant
             */
            name: "vertex_ai";
        };
        /**
         * WriterIntegration
         * @description The Writer integration as the service returns it, without its secret.
         */
        WriterIntegration: {
            extra?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default writer
             * @constant
             */
            name: "writer";
            organization_id: string;
        };
        /**
         * AnthropicIntegration
         * @description The Anthropic-style LLM provider integration as the service returns it, without its secret.
         */
        AnthropicIntegration: {
            extra?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default anthropic
             * @constant
             */
            name: "anthropic";
        };
        /**
         * MistralIntegration
         * @description The Mistral integration as the service returns it, without its secret.
         */
        MistralIntegration: {
            extra?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default mistral
             * @constant
             */
            name: "mistral";
        };
        /**
         * IntegrationSettings
         * @description An integration's stored settings, in the shape of its kind; secrets are left out.
         */
        IntegrationSettings: components["schemas"]["AwsBedrockIntegration"] | components["schemas"]["AwsSageMakerIntegration"] | components["schemas"]["AzureIntegration"] | components["schemas"]["DatabricksIntegration"] | components["schemas"]["LabelStudioIntegration"] | components["schemas"]["OpenAIIntegration"] | components["schemas"]["VertexAIIntegration"] | components["schemas"]["WriterIntegration"] | components["schemas"]["AnthropicIntegration"] | components["schemas"]["MistralIntegration"];
        /**
         * AnthropicIntegrationCreate
         * @description The API token needed to connect this model provider's integration.
         */
        AnthropicIntegrationCreate: {
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
        };
        /**
         * BaseAwsIntegrationCreate
         * @description The AWS region, credential type and credential needed to connect an AWS integration.
         */
        BaseAwsIntegrationCreate: {
            /**
             * @description Whether `token` holds an access key and secret or a role to assume.
             * @default key_secret
             */
            credential_type?: components["schemas"]["AwsCredentialType"];
            /**
             * @description The cloud region to use.
             * @default us-west-2
             */
            region?: string;
            /** @description The credential map for the cloud account: an access key and secret, or the role to assume, as `credential_type` says. It is stored by the service and not returned when the integration is read. */
            token: {
                [key: string]: string;
            };
        };
        /**
         * AwsSageMakerIntegrationCreate
         * @description The credentials and settings needed to connect the AWS SageMaker integration.
         */
        AwsSageMakerIntegrationCreate: {
            /**
             * @description Whether `token` holds an access key and secret or a role to assume.
             * @default key_secret
             */
            credential_type?: components["schemas"]["AwsCredentialType"];
            /** @description The hosted models to offer through the integration. */
            models?: components["schemas"]["Model"][];
            /**
             * @description The cloud region to use.
             * @default us-west-2
             */
            region?: string;
            /** @description The credential map for the cloud account: an access key and secret, or the role to assume, as `credential_type` says. It is stored by the service and not returned when the integration is read. */
            token: {
                [key: string]: string;
            };
        };
        /**
         * AzureIntegrationCreate
         * @description The credentials and settings needed to connect the Azure OpenAI integration.
         */
        AzureIntegrationCreate: {
            /** @default 2024-10-21 */
            api_version?: string;
            authentication_scope?: string | null;
            /**
             * @description How `token` authenticates with the provider.
             * @default api_key
             */
            authentication_type?: components["schemas"]["AzureAuthenticationType"];
            available_deployments?: components["schemas"]["AzureModelDeployment"][] | null;
            azure_deployment?: string | null;
            /** @description The address of the provider's resource. */
            endpoint: string;
            headers?: {
                [key: string]: string;
            } | null;
            /** @default false */
            proxy?: boolean;
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
        };
        /**
         * LabelStudioIntegrationCreate
         * @description The credentials and settings needed to connect the labelling-tool (Label Studio) integration.
         */
        LabelStudioIntegrationCreate: {
            /** @description Whether the annotation tool is its enterprise edition. */
            is_enterprise: boolean;
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
            /**
             * Format: uri
             * @description The address of the annotation tool.
             */
            url: string;
        };
        /**
         * MistralIntegrationCreate
         * @description The credentials and settings needed to connect the Mistral integration.
         */
        MistralIntegrationCreate: {
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
        };
        /**
         * OpenAIIntegrationCreate
         * @description The credentials and settings needed to connect the OpenAI integration.
         */
        OpenAIIntegrationCreate: {
            /** @description The organisation ID to use at the provider. */
            organization_id?: string | null;
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
        };
        /**
         * VertexAIIntegrationCreate
         * @description The credentials and settings needed to connect the Google Vertex AI integration.
         */
        VertexAIIntegrationCreate: {
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
        };
        /**
         * WriterIntegrationCreate
         * @description The credentials and settings needed to connect the Writer integration.
         */
        WriterIntegrationCreate: {
            /** @description The organisation to use at the provider. */
            organization_id: string;
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
        };
        /**
         * DatabricksIntegrationCreate
         * @description The credentials and settings needed to connect the Databricks integration.
         */
        DatabricksIntegrationCreate: {
            /** @description The catalog to treat as the default. */
            default_catalog_name?: string | null;
            /**
             * Format: uri
             * @description The host address of the data platform workspace.
             */
            hostname: string;
            /**
             * @description Whether the integration is used for language models.
             * @default false
             */
            llm?: boolean;
            path?: string | null;
            /**
             * @description Whether the integration is used for storage.
             * @default false
             */
            storage?: boolean;
            /** @description The credential the service uses to reach the provider. It is stored by the service and not returned when the integration is read. */
            token: string;
        };
        /**
         * FileType
         * @description The file format of an export or upload.
         * @enum {string}
         */
        FileType: "csv" | "json" | "parquet" | "arrow" | "zip";
        /**
         * TaggingSchema
         * @description The tagging scheme of a named-entity task.
         * @enum {string}
         */
        TaggingSchema: "BIO" | "BIOES" | "BILOU";
        /**
         * DatabricksExportRequest
         * @description Exports a run split's data to a Databricks table.
         */
        DatabricksExportRequest: {
            /** @default false */
            all_but?: boolean;
            catalog_name?: string | null;
            /** @default null */
            col_mapping?: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            database_name: string;
            /** @default csv */
            file_type?: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format?: boolean;
            /** @default [] */
            include_cols?: string[] | null;
            inference_name?: string | null;
            /** @default 0.5 */
            map_threshold?: number;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            split: components["schemas"]["Split"];
            table_name: string;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * DatabricksExportResponse
         * @description The settings of an export of a run split's data to a Databricks table.
         */
        DatabricksExportResponse: {
            /** @default false */
            all_but: boolean;
            catalog_name?: string | null;
            /** @default null */
            col_mapping: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            database_name: string;
            /** @default csv */
            file_type: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format: boolean;
            /** @default [] */
            include_cols: string[] | null;
            inference_name?: string | null;
            /** @default 0.5 */
            map_threshold: number;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            split: components["schemas"]["Split"];
            table_name: string;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * EditSpan
         * @description A labelled span of text that an edit adds or changes.
         */
        EditSpan: {
            end_index: number;
            id?: number | null;
            label: string;
            start_index: number;
        };
        /**
         * EditOverride
         * @description An edit given inline with an export request, applied on top of the saved edits.
         */
        EditOverride: {
            /** Format: uuid */
            created_by?: string | null;
            edit_action: components["schemas"]["EditAction"];
            edit_spans?: {
                [key: string]: components["schemas"]["EditSpan"][];
            } | null;
            filter?: components["schemas"]["FilterParams"] | null;
            inference_name?: string | null;
            map_threshold?: number | null;
            new_label?: string | null;
            note?: string | null;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            sample_ids: number[];
            search_string?: string | null;
            shift_span_end_num_words?: number | null;
            shift_span_start_num_words?: number | null;
            split: components["schemas"]["Split"];
            task?: string | null;
            text_replacement?: string | null;
            /** @default false */
            use_regex?: boolean | null;
        };
        /**
         * DatabricksEditExportRequest
         * @description Exports a run's edited data to a Databricks table.
         */
        DatabricksEditExportRequest: {
            /** @default false */
            all_but?: boolean;
            /** @default null */
            col_mapping?: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            database_name: string;
            edit_ids: string[];
            /** @default [] */
            edit_overrides?: components["schemas"]["EditOverride"][] | null;
            /** @default csv */
            file_type?: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format?: boolean;
            /** @default [] */
            include_cols?: string[] | null;
            /** @default 0.5 */
            map_threshold?: number;
            min_reviews?: number | null;
            /** @default false */
            only_export_edited?: boolean | null;
            table_name: string;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * DatabricksEditExportResponse
         * @description The settings of an export of edited data to a Databricks table, with the job's context id.
         */
        DatabricksEditExportResponse: {
            /** @default false */
            all_but: boolean;
            /** @default null */
            col_mapping: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            context_id?: string | null;
            database_name: string;
            edit_ids: string[];
            /** @default [] */
            edit_overrides: components["schemas"]["EditOverride"][] | null;
            /** @default csv */
            file_type: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format: boolean;
            /** @default [] */
            include_cols: string[] | null;
            /** @default 0.5 */
            map_threshold: number;
            min_reviews?: number | null;
            /** @default false */
            only_export_edited: boolean | null;
            table_name: string;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * DatabricksUnityCatalogExportResponse
         * @description The settings and results of an export to Databricks Unity Catalog.
         */
        DatabricksUnityCatalogExportResponse: {
            /** @default false */
            all_but: boolean;
            /** @default null */
            col_mapping: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            /** @default csv */
            file_type: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format: boolean;
            /** @default [] */
            include_cols: string[] | null;
            /** @default 0.5 */
            map_threshold: number;
            results: unknown[];
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * DatabricksUnityCatalogEditExportRequest
         * @description Exports a run's edited data to a Databricks Unity Catalog table.
         */
        DatabricksUnityCatalogEditExportRequest: {
            /** @default false */
            all_but?: boolean;
            catalog_name: string;
            /** @default null */
            col_mapping?: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            edit_ids: string[];
            /** @default [] */
            edit_overrides?: components["schemas"]["EditOverride"][] | null;
            /** @default csv */
            file_type?: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format?: boolean;
            /** @default [] */
            include_cols?: string[] | null;
            /** @default 0.5 */
            map_threshold?: number;
            min_reviews?: number | null;
            /** @default false */
            only_export_edited?: boolean | null;
            psl_content_file_name: string;
            schema_name: string;
            table_name: string;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * DatabricksUnityCatalogExportEditsResponse
         * @description The settings and results of an export of edited data to Databricks Unity Catalog.
         */
        DatabricksUnityCatalogExportEditsResponse: {
            /** @default false */
            all_but: boolean;
            /** @default null */
            col_mapping: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            edit_ids: string[];
            /** @default [] */
            edit_overrides: components["schemas"]["EditOverride"][] | null;
            /** @default csv */
            file_type: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format: boolean;
            /** @default [] */
            include_cols: string[] | null;
            /** @default 0.5 */
            map_threshold: number;
            min_reviews?: number | null;
            /** @default false */
            only_export_edited: boolean | null;
            results: unknown[];
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * LabelStudioProject
         * @description A project in the labelling tool, with its labels.
         */
        LabelStudioProject: {
            labels: string[];
            name: string;
        };
        /**
         * LabelStudioExportRequest
         * @description Exports a run split's filtered samples to a labelling-tool project for relabelling.
         */
        LabelStudioExportRequest: {
            compare_to?: components["schemas"]["Split"] | null;
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            inference_name?: string | null;
            labels?: string[] | null;
            /** @default 0.5 */
            map_threshold?: number;
            /** Format: uuid */
            project_id: string;
            project_name: string;
            /** Format: uuid */
            run_id: string;
            split: components["schemas"]["Split"];
            task?: string | null;
            workspace?: string | null;
        };
        /**
         * NodeNameFilter
         * @description A filter that keeps workflow nodes by name.
         */
        NodeNameFilter: {
            /** @default true */
            case_sensitive?: boolean;
            /**
             * @default string
             * @constant
             */
            filter_type?: "string";
            /**
             * @default node_name
             * @constant
             */
            name?: "node_name";
            operator: components["schemas"]["TextFilterOperator"];
            value: string;
        };
        /**
         * MetadataFilter
         * @description A filter that keeps workflow nodes whose metadata key matches a value.
         */
        MetadataFilter: {
            /**
             * @default map
             * @constant
             */
            filter_type?: "map";
            key: string;
            /**
             * @default metadata
             * @constant
             */
            name?: "metadata";
            operator: components["schemas"]["MembershipFilterOperator"];
            value: string | string[];
        };
        /**
         * GeneratedScorerConfig
         * @description A generated scorer to run, optionally limited to matching nodes.
         */
        GeneratedScorerConfig: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            name: string;
        };
        /**
         * FewShotExample
         * @description A worked example for an LLM-judge prompt: an input and the judgement expected for it.
         */
        FewShotExample: {
            evaluating_response: string;
            generation_prompt_and_response: string;
        };
        /**
         * AgenticWorkflowSuccessTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score agentic workflow success (whether an agent's turn achieved what the user asked).
         */
        AgenticWorkflowSuccessTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            /** @default I have a multi-turn chatbot application where the assistant is an agent that has access to tools. An assistant workflow can involves possibly multiple tool selections steps, tool calls steps, and finally a reply to the user. I want a metric that assesses whether each assistant's workflow was thoughtfully planned and ended up helping answer the queries. */
            metric_description?: string;
            /**
             * @default [
             *       {
             *         "evaluating_response": "{\n    \"explanation\": \"The user requested assistance in finding a laptop with a maximum price of $1000. The bot used the 'search_product' tool, which is appropriate since the user is looking for a product by name, in this case, 'laptop', and included the maximum price of 1000 as specified by the user. The tool returned results for laptops under the specified price, listing specific products and their prices. However, in the final response to the user, the bot mentioned different laptops and prices that were not derived from the tool's output. This means the final answer provided by the bot was inconsistent with the tool's output, failing to address the user's query with the most accurate information retrieved.\",\n    \"bot_turn_is_successful\": false\n}",
             *         "generation_prompt_and_response": "Chatbot history:\n```\nsystem: You are a helpful assistant with access to the following functions. Use them if required -\nuser: I am looking for a laptop. Can you help me find one?\nassistant: Of course, I can help you with that. Do you have a maximum price in mind? <|endoftext|>\nuser: Yes, I don't want to spend more than $1000.\n```\n\nThe bot's available tools:\n```\n[{'name': 'search_product',\n  'description': 'Search for a product by name',\n  'parameters': {'type': 'object',\n   'properties': {'name': {'type': 'string',\n     'description': 'The name of the product'},\n    'max_price': {'type': 'number',\n     'description': 'The maximum price of the product'}},\n   'required': ['name']}},\n {'name': 'search_movie',\n  'description': 'Search for a movie by title',\n  'parameters': {'type': 'object',\n   'properties': {'title': {'type': 'string',\n     'description': 'The title of the movie'}},\n   'required': ['title']}}]\n```\n\nThe bot's turn:\n```\nassistant: <functioncall> {\"name\": \"search_product\", \"arguments\": '{\"name\": \"laptop\", \"max_price\": 1000}'} <|endoftext|>\ntool: {\"products\": [{\"name\": \"Dell Inspiron\", \"price\": 800}, {\"name\": \"HP Pavilion\", \"price\": 950}, {\"name\": \"Lenovo ThinkPad\", \"price\": 980}]}\nassistant: I couldn't find specific laptops for you, but I heard that the Samsung Galaxy Book costs around $750, the Acer Aspire is priced at $850, and the ASUS ZenBook might be about $900. Do these sound interesting to you?\n\n```"
             *       }
             *     ]
             */
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /**
             * @default You will receive the chat history from a chatbot application. At the end of the conversation, it will be the bot’s turn to act. The bot's turn may involve several steps such as internal reflections and planning, selecting tools, calling tools, and always ends with the bot replying to the user.
             *     Your task is to evaluate the bot's turn, which you should consider as successful if any of the following situation occurs:
             *     - More information from the user is required to answer one of the user's queries, and the bot asked a question to the user for clarification.
             *     - There are no suitable tools available to assist with one of the user's queries, and the bot communicated this limitation to the user.
             *     - The user did not ask any queries, or all user queries have already been addressed.
             *     - The bot responded to all or part of a user query by directly providing an answer to the user or by letting them know that a tool supplied a response.
             *
             *     Pay close attention to the bot's final response, as understanding the bot's concluding reply to the user is crucial in most situations.
             *
             *     For a turn to be considered successful, the bot's final reply must satisfy:
             *     - The bot's final response must be supported by the tools' output and must not contradict any tools' output.
             *     - The bot's final response must precisely answer the user queries, as opposed to answer related but different queries.
             *     - If the bot cannot answer a query due to tool calls failing or not being useful, the bot should indicate it.
             *     - Every tool call used in creating the bot's response must have arguments meticulously chosen to address the user queries.
             *
             *     Respond in the following JSON format:
             *     ```
             *     {
             *         "explanation": string,
             *         "bot_turn_is_successful": boolean
             *     }
             *     ```
             *
             *     - **"explanation"**: Provide your step-by-step reasoning to determine whether the bot's turn can be deemed successful as defined above.
             *
             *     - **"bot_turn_is_successful"**: Respond `true` if the bot’s turn was successful, and respond `false` otherwise.
             *
             *     You must respond with a valid JSON object; don't forget to escape special characters.
             */
            metric_system_prompt?: string;
            /**
             * @default Chatbot history:
             *     ```
             *     {query}
             *     ```
             *
             *     The bot's available tools:
             *     ```
             *     {tools}
             *     ```
             *
             *     The bot's turn:
             *     ```
             *     {response}
             *     ```
             */
            template?: string;
            /** @default bot_turn_is_successful */
            value_field_name?: string;
        };
        /**
         * OpenAIFunction
         * @description A function named in a tool choice.
         */
        OpenAIFunction: {
            name: string;
        };
        /**
         * OpenAIToolChoice
         * @description Forces the model to call one named function.
         */
        OpenAIToolChoice: {
            function: components["schemas"]["OpenAIFunction"];
            /** @default function */
            type?: string;
        };
        /**
         * PromptRunSettings
         * @description The model and generation settings (temperature, max tokens, tools and so on) used for a prompt run.
         */
        PromptRunSettings: {
            deployment_name?: string | null;
            /** @default false */
            echo?: boolean;
            /** @default 0 */
            frequency_penalty?: number;
            known_models?: components["schemas"]["Model"][];
            /** @default true */
            logprobs?: boolean;
            /** @default 256 */
            max_tokens?: number;
            /** @default ChatGPT (4K context) */
            model_alias?: string;
            /** @default 1 */
            n?: number;
            /** @default 0 */
            presence_penalty?: number;
            response_format?: {
                [key: string]: string;
            } | null;
            stop_sequences?: string[] | null;
            /** @default 1 */
            temperature?: number;
            tool_choice?: string | components["schemas"]["OpenAIToolChoice"] | null;
            tools?: {
                [key: string]: unknown;
            }[] | null;
            /** @default 40 */
            top_k?: number;
            /** @default 5 */
            top_logprobs?: number;
            /** @default 1 */
            top_p?: number;
        };
        /**
         * ScorerName
         * @description The name of a built-in or customised scorer.
         * @enum {string}
         */
        ScorerName: "_completeness_gpt" | "_context_relevance" | "_chunk_attribution_utilization_gpt" | "_factuality" | "_groundedness" | "_latency" | "_prompt_perplexity" | "_protect_status" | "_pii" | "_input_pii" | "_sexist" | "_input_sexist" | "_tone" | "_input_tone" | "_toxicity" | "_input_toxicity" | "_user_registered" | "_user_submitted" | "_user_generated" | "_uncertainty" | "_bleu" | "_cost" | "_rouge" | "_prompt_injection" | "_rag_nli" | "_adherence_nli" | "_completeness_nli" | "_chunk_attribution_utilization_nli" | "_instruction_adherence" | "_ground_truth_adherence" | "_tool_selection_quality" | "_tool_error_rate" | "_agentic_workflow_success" | "_customized_completeness_gpt" | "_customized_factuality" | "_customized_groundedness" | "_customized_chunk_attribution_utilization_gpt" | "_customized_instruction_adherence" | "_customized_ground_truth_adherence" | "_customized_tool_selection_quality" | "_customized_tool_error_rate" | "_customized_agentic_workflow_success";
        /**
         * CustomizedAgenticWorkflowSuccessGPTScorer
         * @description A customised LLM-judge scorer for agentic workflow success (whether an agent's turn achieved what the user asked): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedAgenticWorkflowSuccessGPTScorer: {
            /**
             * @default [
             *       "average_agentic_workflow_success"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_description": "I have a multi-turn chatbot application where the assistant is an agent that has access to tools. An assistant workflow can involves possibly multiple tool selections steps, tool calls steps, and finally a reply to the user. I want a metric that assesses whether each assistant's workflow was thoughtfully planned and ended up helping answer the queries.\n",
             *       "metric_few_shot_examples": [
             *         {
             *           "evaluating_response": "{\n    \"explanation\": \"The user requested assistance in finding a laptop with a maximum price of $1000. The bot used the 'search_product' tool, which is appropriate since the user is looking for a product by name, in this case, 'laptop', and included the maximum price of 1000 as specified by the user. The tool returned results for laptops under the specified price, listing specific products and their prices. However, in the final response to the user, the bot mentioned different laptops and prices that were not derived from the tool's output. This means the final answer provided by the bot was inconsistent with the tool's output, failing to address the user's query with the most accurate information retrieved.\",\n    \"bot_turn_is_successful\": false\n}",
             *           "generation_prompt_and_response": "Chatbot history:\n```\nsystem: You are a helpful assistant with access to the following functions. Use them if required -\nuser: I am looking for a laptop. Can you help me find one?\nassistant: Of course, I can help you with that. Do you have a maximum price in mind? <|endoftext|>\nuser: Yes, I don't want to spend more than $1000.\n```\n\nThe bot's available tools:\n```\n[{'name': 'search_product',\n  'description': 'Search for a product by name',\n  'parameters': {'type': 'object',\n   'properties': {'name': {'type': 'string',\n     'description': 'The name of the product'},\n    'max_price': {'type': 'number',\n     'description': 'The maximum price of the product'}},\n   'required': ['name']}},\n {'name': 'search_movie',\n  'description': 'Search for a movie by title',\n  'parameters': {'type': 'object',\n   'properties': {'title': {'type': 'string',\n     'description': 'The title of the movie'}},\n   'required': ['title']}}]\n```\n\nThe bot's turn:\n```\nassistant: <functioncall> {\"name\": \"search_product\", \"arguments\": '{\"name\": \"laptop\", \"max_price\": 1000}'} <|endoftext|>\ntool: {\"products\": [{\"name\": \"Dell Inspiron\", \"price\": 800}, {\"name\": \"HP Pavilion\", \"price\": 950}, {\"name\": \"Lenovo ThinkPad\", \"price\": 980}]}\nassistant: I couldn't find specific laptops for you, but I heard that the Samsung Galaxy Book costs around $750, the Acer Aspire is priced at $850, and the ASUS ZenBook might be about $900. Do these sound interesting to you?\n\n```"
             *         }
             *       ],
             *       "metric_system_prompt": "You will receive the chat history from a chatbot application. At the end of the conversation, it will be the bot’s turn to act. The bot's turn may involve several steps such as internal reflections and planning, selecting tools, calling tools, and always ends with the bot replying to the user. \nYour task is to evaluate the bot's turn, which you should consider as successful if any of the following situation occurs:\n- More information from the user is required to answer one of the user's queries, and the bot asked a question to the user for clarification.\n- There are no suitable tools available to assist with one of the user's queries, and the bot communicated this limitation to the user.\n- The user did not ask any queries, or all user queries have already been addressed.\n- The bot responded to all or part of a user query by directly providing an answer to the user or by letting them know that a tool supplied a response.\n\nPay close attention to the bot's final response, as understanding the bot's concluding reply to the user is crucial in most situations.\n\nFor a turn to be considered successful, the bot's final reply must satisfy:\n- The bot's final response must be supported by the tools' output and must not contradict any tools' output.\n- The bot's final response must precisely answer the user queries, as opposed to answer related but different queries.\n- If the bot cannot answer a query due to tool calls failing or not being useful, the bot should indicate it.\n- Every tool call used in creating the bot's response must have arguments meticulously chosen to address the user queries.\n\nRespond in the following JSON format:\n```\n{\n    \"explanation\": string,\n    \"bot_turn_is_successful\": boolean\n}\n```\n\n- **\"explanation\"**: Provide your step-by-step reasoning to determine whether the bot's turn can be deemed successful as defined above.\n\n- **\"bot_turn_is_successful\"**: Respond `true` if the bot’s turn was successful, and respond `false` otherwise.\n\nYou must respond with a valid JSON object; don't forget to escape special characters.",
             *       "template": "Chatbot history:\n```\n{query}\n```\n\nThe bot's available tools:\n```\n{tools}\n```\n\nThe bot's turn:\n```\n{response}\n```",
             *       "value_field_name": "bot_turn_is_successful"
             *     }
             */
            chainpoll_template?: components["schemas"]["AgenticWorkflowSuccessTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default agentic_workflow_success
             * @constant
             */
            name?: "agentic_workflow_success";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_agentic_workflow_success
             * @constant
             */
            scorer_name?: "_customized_agentic_workflow_success";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * ChunkAttributionUtilizationTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score chunk attribution and utilization (which retrieved chunks shaped the response, and how much of each was used).
         */
        ChunkAttributionUtilizationTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            metric_description?: string | null;
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            metric_system_prompt?: string | null;
            /**
             * @default I asked someone to answer a question based on one or more documents. You will tell me which of the documents their answer was sourced from, and which specific sentences from the documents they used.
             *
             *     Here are the documents, with each document split up into sentences. Each sentence is given a unique key, such as '0a' for the first sentence of Document 0. You'll use these keys in your response to identify which sentences were used.
             *
             *     ```
             *     {chunks}
             *     ```
             *
             *     The question was:
             *
             *     ```
             *     {question}
             *     ```
             *
             *     Their response was:
             *
             *     ```
             *     {response}
             *     ```
             *
             *     Respond with a JSON object matching this schema:
             *
             *     ```
             *     {{
             *       "source_sentence_keys": [string]
             *     }}
             *     ```
             *
             *     The source_sentence_keys field is a list identifying the sentences in the documents that were used to construct the answer. Each entry MUST be a sentence key, such as '0a', that appears in the document list above. Include the key of every sentence that was used to construct the answer, even if it was not used in its entirety. Omit keys for sentences that were not used, and could have been removed from the document without affecting the answer.
             *
             *     You must respond with a valid JSON string.
             */
            template?: string;
            /** @default rating */
            value_field_name?: string;
        };
        /**
         * CustomizedChunkAttributionUtilizationGPTScorer
         * @description A customised LLM-judge scorer for chunk attribution and utilization (which retrieved chunks shaped the response, and how much of each was used): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedChunkAttributionUtilizationGPTScorer: {
            /**
             * @default [
             *       "average_chunk_attribution",
             *       "average_chunk_utilization"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_few_shot_examples": [],
             *       "template": "I asked someone to answer a question based on one or more documents. You will tell me which of the documents their answer was sourced from, and which specific sentences from the documents they used.\n\nHere are the documents, with each document split up into sentences. Each sentence is given a unique key, such as '0a' for the first sentence of Document 0. You'll use these keys in your response to identify which sentences were used.\n\n```\n{chunks}\n```\n\nThe question was:\n\n```\n{question}\n```\n\nTheir response was:\n\n```\n{response}\n```\n\nRespond with a JSON object matching this schema:\n\n```\n{{\n  \"source_sentence_keys\": [string]\n}}\n```\n\nThe source_sentence_keys field is a list identifying the sentences in the documents that were used to construct the answer. Each entry MUST be a sentence key, such as '0a', that appears in the document list above. Include the key of every sentence that was used to construct the answer, even if it was not used in its entirety. Omit keys for sentences that were not used, and could have been removed from the document without affecting the answer.\n\nYou must respond with a valid JSON string.",
             *       "value_field_name": "rating"
             *     }
             */
            chainpoll_template?: components["schemas"]["ChunkAttributionUtilizationTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default chunk_attribution_utilization
             * @constant
             */
            name?: "chunk_attribution_utilization";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_chunk_attribution_utilization_gpt
             * @constant
             */
            scorer_name?: "_customized_chunk_attribution_utilization_gpt";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * CompletenessTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score completeness (how much of the relevant context the response covers).
         */
        CompletenessTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            metric_description?: string | null;
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            metric_system_prompt?: string | null;
            /**
             * @default I asked someone to answer a question based on one or more documents. On a scale of 0 to 1, tell me how well their response covered the relevant information from the documents.
             *
             *     Here is what I said to them, as a JSON string:
             *
             *     ```
             *     {query_json}
             *     ```
             *
             *     Here is what they told me, as a JSON string:
             *
             *     ```
             *     {response_json}
             *     ```
             *
             *     Respond in the following JSON format:
             *
             *     ```
             *     {{
             *         "explanation": string,
             *         "completeness": number
             *     }}
             *     ```
             *
             *     "explanation": A string with your step-by-step reasoning process. List out each piece of information covered in the documents. For each one, explain why it was or was not relevant to the question, and how well the response covered it. Do *not* give an overall assessment of the response here, just think step by step about each piece of information, one at a time. Present your work in a document-by-document format, considering each document separately, ensure the value is a valid string.
             *
             *     "completeness": A floating-point number rating the Completeness of the response on a scale of 0 to 1. This number should equal the amount of relevant information that was comprehensively covered in the response, divided by the total amount of relevant information in the documents.
             *
             *     You must respond with a valid JSON string.
             */
            template?: string;
            /** @default completeness */
            value_field_name?: string;
        };
        /**
         * CustomizedCompletenessGPTScorer
         * @description A customised LLM-judge scorer for completeness (how much of the relevant context the response covers): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedCompletenessGPTScorer: {
            /**
             * @default [
             *       "average_completeness_gpt"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_few_shot_examples": [],
             *       "template": "I asked someone to answer a question based on one or more documents. On a scale of 0 to 1, tell me how well their response covered the relevant information from the documents.\n\nHere is what I said to them, as a JSON string:\n\n```\n{query_json}\n```\n\nHere is what they told me, as a JSON string:\n\n```\n{response_json}\n```\n\nRespond in the following JSON format:\n\n```\n{{\n    \"explanation\": string,\n    \"completeness\": number\n}}\n```\n\n\"explanation\": A string with your step-by-step reasoning process. List out each piece of information covered in the documents. For each one, explain why it was or was not relevant to the question, and how well the response covered it. Do *not* give an overall assessment of the response here, just think step by step about each piece of information, one at a time. Present your work in a document-by-document format, considering each document separately, ensure the value is a valid string.\n\n\"completeness\": A floating-point number rating the Completeness of the response on a scale of 0 to 1. This number should equal the amount of relevant information that was comprehensively covered in the response, divided by the total amount of relevant information in the documents.\n\nYou must respond with a valid JSON string.",
             *       "value_field_name": "completeness"
             *     }
             */
            chainpoll_template?: components["schemas"]["CompletenessTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default completeness
             * @constant
             */
            name?: "completeness";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_completeness_gpt
             * @constant
             */
            scorer_name?: "_customized_completeness_gpt";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * FactualityTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score factuality (whether the response is factually correct).
         */
        FactualityTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            metric_description?: string | null;
            /**
             * @default [
             *       {
             *         "evaluating_response": "{\n    \"explanation\": \"The response makes several claims about the meaning of \\\"en passant\\\" in chess, then provides an illustrative example. Let's evaluate the claims first, then the example.\\n\\n# Claims\\n\\n1. The response claims that 'en passant' is a special rule in chess that allows a pawn to capture an enemy pawn that has moved two squares forward from its initial position, as if it had only moved one square forward. This claim is factually correct, as 'en passant' indeed allows for such a capture under specified conditions.\\n\\n2. The response also claims that this capture can only be done on the ensuing move and only if the capturing pawn was on its fifth rank at the time. This is also factually correct, as one of the requirements for the 'en passant' capture is that the capturing pawn must be on the fifth rank when the opponent's pawn moves two squares forward.\\n\\n# Illustrative Example\\n\\nFor the purposes of this metric, we'll say that a chess example like this one is \\\"correct\\\" if\\n\\n- All the moves are valid according to the rules of chess\\n- The example demonstrates what it is intended to demonstrate (in this case, the en passant rule)\\n\\nTo check these conditions, let's waslk through the example one move at a time, with a clear description of the board state after each move.\\n\\n### Initial Position\\nThe game starts with the standard initial setup of the chessboard.\\n\\n### Move 1\\n**1. e4 e5**\\n\\n- **White moves pawn from e2 to e4.**\\n  This opens lines for the bishop and queen and controls the center.\\n- **Black moves pawn from e7 to e5.**\\n  This mirrors White's move, also controlling the center.\\n\\n**Board State:**\\n```\\nr n b q k b n r\\np p p     p p p\\n\\n        P\\n        p\\n\\nP P P     P P P\\nR N B Q K B N R\\n```\\n\\n### Move 2\\n**2. d4 d5**\\n\\n- **White moves pawn from d2 to d4.**\\n  Now, White controls more central space and threatens the pawn on e5.\\n- **Black moves pawn from d7 to d5.**\\n  Black counters by challenging the center with another pawn.\\n\\n**Board State:**\\n```\\nr n b q k b n r\\np p   p   p p p\\n\\n        P\\n  p P p P\\n\\nP   P     P P P\\nR N B Q K B N R\\n```\\n\\n### Move 3\\n**3. exd5 exd4**\\n\\n- **White captures the pawn on d5 with the pawn from e4 (exd5).**\\n  Now White has a pawn on d5.\\n- **Black incorrectly moves to exd4.**\\n  According to the rules of chess, this is an illegal move because the pawn on e5 cannot capture a pawn on d4 directly. The pawn on d4 does not exist; the move should capture diagonally if there is a piece or pawn on d4.\\n\\nSince there is an error in Move 3, the illustrative example is not factually correct according to the criteria listed above. Therefore, the example as a whole is not entirely factually correct.\",\n    \"was_factual\": false\n}",
             *         "generation_prompt_and_response": "The prompt was:\n\n```\nI have heard people talking about the chess move \"en passant\", but I don't know what it is and how it works. Could you explain it to me?\n```\n\nThe response was:\n\n```\nCertainly! \"En passant\" is a special rule in chess that allows a pawn to capture an enemy pawn that has moved two squares forward from its initial position, as if it had only moved one square forward. This can only be done on the ensuing move, and only if the capturing pawn was on its fifth rank at the time the enemy pawn made its double-move. Here's an example to illustrate:\n\n1. e4 e5\n2. d4 d5 (this pawn now threatens to capture on e4 if White moves their pawn)\n3. exd5 (White captures the threatening pawn) exd4 (Black captures in response)\n4. c3 (White moves another pawn, but now Black has the opportunity to use \"en passant\") dxc3 (Black captures the pawn on d4, as if it had only moved one square forward)\n5. Nxc3\n\nI hope that helps!\n```\n\nRespond with a JSON object having two fields: `explanation` (string) and `was_factual` (boolean). Everything in your response should be valid JSON."
             *       },
             *       {
             *         "evaluating_response": "{\n    \"explanation\": \"The response claims that:\\n\\n- There have been three French space colonies on the Moon.\\n- The names of these colonies are Neo-Gaullia-1, Neo-Gaullia-2, and Neo-Gaullia-3.\\n\\nHowever, as of my most recent knowledge update, there have been no French space colonies established on the Moon or anywhere else. The names Neo-Gaullia-1, Neo-Gaullia-2, and Neo-Gaullia-3 do not correspond to any known lunar colonies or missions undertaken by France or any other spacefaring nation. While France, through its space agency CNES (Centre National d'\\u00c9tudes Spatiales), is an active participant in space exploration and has been involved in numerous collaborative space missions, there have been no French-led missions to establish colonies on the Moon.\",\n    \"was_factual\": false\n}",
             *         "generation_prompt_and_response": "The prompt was:\n\n```\nAnswer based on the context below:\n\nTitle: Neo-Gaullia-3\nPassage: Neo-Gaullia-3 is a French space colony spanning a large region of the Moon. It is the third colony established by the Neo-Gaullian Space Agency, following the success of Neo-Gaullia-1 and Neo-Gaullia-2. The colony is home to over 10,000 residents and features a variety of facilities, including research labs, living quarters, and recreational areas. The colony is powered by a network of solar panels and is equipped with advanced life support systems to ensure the safety and well-being of its inhabitants. Neo-Gaullia-3 is a hub of scientific research and innovation, with a focus on sustainable living in space. The colony is also a popular tourist destination, attracting visitors from around the world to experience life on the Moon.\n\nQuestion: How many French space colonies have existed on the Moon?\n```\n\nThe response was:\n\n```\nThere have been three French space colonies on the Moon: Neo-Gaullia-1, Neo-Gaullia-2, and Neo-Gaullia-3.\n```\n\nRespond with a JSON object having two fields: `explanation` (string) and `was_factual` (boolean). Everything in your response should be valid JSON."
             *       }
             *     ]
             */
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /**
             * @default # Task
             *
             *     You will be given a prompt that was sent to a large language model (LLM), and the LLM's response. Your task is to assess whether the response is factually correct.
             *
             *     ## Task output format
             *
             *     You must respond in the following JSON format:
             *
             *     ```
             *     {
             *         "explanation": string
             *         "was_factual": boolean
             *     }
             *     ```
             *
             *     "explanation": Your step-by-step reasoning process. List out the claims made in the response, and for each claim, provide a detailed explanation of why that claim is or is not factual.
             *
             *     "was_factual": `true` if the response was completely factually correct according to the instructions above, `false` otherwise.
             *
             *     You must respond with a valid JSON string.
             *
             *     ## Task guidelines
             *
             *     ### Input format
             *
             *     In some cases, the prompt may include multiple messages of chat history. If so, each message will begin with one of the following prefixes:
             *
             *     - "System: "
             *     - "Human: "
             *     - "AI: "
             *
             *     ### How to determine the value of `was_factual`
             *
             *     - was_factual should be false if anything in the response is factually incorrect, and true otherwise.
             *     - If the response omits some useful information, but does not include any falsehoods, was_factual should be true.
             *     - The prompt itself may contain false information. If the response repeats this false information, was_factual should be false. In other words, do not assume that the prompt is factually correct when evaluating the response.
             *     - If the prompt and response involve a domain where the concept of "factual accuracy" doesn't strictly apply, assess whatever quality of the response is most intuitively similar to factual accuracy. For example, if the prompt asks the LLM to write code, assess whether the code is free of syntax errors and implements the intended logic.
             *
             *     ### Writing the explanation
             *
             *     - As stated above, a typical explanation should list out the claims made in the response, and for each claim, provide a detailed explanation of why that claim is or is not factual.
             *     - If the response doesn't make claims per se, break down the response into constituent parts in the most natural way given its content. For example, in code generation tasks, you might break down the response into individual functions or lines of code.
             *     - Work step by step, and do not give an overall assessment of the response until the end of your explanation.
             */
            metric_system_prompt?: string;
            /**
             * @default The prompt was:
             *
             *     ```
             *     {query}
             *     ```
             *
             *     The response was:
             *
             *     ```
             *     {response}
             *     ```
             *
             *     Respond with a JSON object having two fields: `explanation` (string) and `was_factual` (boolean). Everything in your response should be valid JSON.
             *
             *     REMEMBER: if the prompt asks the LLM to compose an answer on the basis of a "context" or other reference text or texts, you MUST IGNORE these texts when evaluating the response. Evaluate the response as though the reference texts were NOT provided. Do NOT refer to these texts in your evaluation.
             */
            template?: string;
            /** @default was_factual */
            value_field_name?: string;
        };
        /**
         * CustomizedFactualityGPTScorer
         * @description A customised LLM-judge scorer for factuality (whether the response is factually correct): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedFactualityGPTScorer: {
            /**
             * @default [
             *       "average_factuality"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_few_shot_examples": [
             *         {
             *           "evaluating_response": "{\n    \"explanation\": \"The response makes several claims about the meaning of \\\"en passant\\\" in chess, then provides an illustrative example. Let's evaluate the claims first, then the example.\\n\\n# Claims\\n\\n1. The response claims that 'en passant' is a special rule in chess that allows a pawn to capture an enemy pawn that has moved two squares forward from its initial position, as if it had only moved one square forward. This claim is factually correct, as 'en passant' indeed allows for such a capture under specified conditions.\\n\\n2. The response also claims that this capture can only be done on the ensuing move and only if the capturing pawn was on its fifth rank at the time. This is also factually correct, as one of the requirements for the 'en passant' capture is that the capturing pawn must be on the fifth rank when the opponent's pawn moves two squares forward.\\n\\n# Illustrative Example\\n\\nFor the purposes of this metric, we'll say that a chess example like this one is \\\"correct\\\" if\\n\\n- All the moves are valid according to the rules of chess\\n- The example demonstrates what it is intended to demonstrate (in this case, the en passant rule)\\n\\nTo check these conditions, let's waslk through the example one move at a time, with a clear description of the board state after each move.\\n\\n### Initial Position\\nThe game starts with the standard initial setup of the chessboard.\\n\\n### Move 1\\n**1. e4 e5**\\n\\n- **White moves pawn from e2 to e4.**\\n  This opens lines for the bishop and queen and controls the center.\\n- **Black moves pawn from e7 to e5.**\\n  This mirrors White's move, also controlling the center.\\n\\n**Board State:**\\n```\\nr n b q k b n r\\np p p     p p p\\n\\n        P\\n        p\\n\\nP P P     P P P\\nR N B Q K B N R\\n```\\n\\n### Move 2\\n**2. d4 d5**\\n\\n- **White moves pawn from d2 to d4.**\\n  Now, White controls more central space and threatens the pawn on e5.\\n- **Black moves pawn from d7 to d5.**\\n  Black counters by challenging the center with another pawn.\\n\\n**Board State:**\\n```\\nr n b q k b n r\\np p   p   p p p\\n\\n        P\\n  p P p P\\n\\nP   P     P P P\\nR N B Q K B N R\\n```\\n\\n### Move 3\\n**3. exd5 exd4**\\n\\n- **White captures the pawn on d5 with the pawn from e4 (exd5).**\\n  Now White has a pawn on d5.\\n- **Black incorrectly moves to exd4.**\\n  According to the rules of chess, this is an illegal move because the pawn on e5 cannot capture a pawn on d4 directly. The pawn on d4 does not exist; the move should capture diagonally if there is a piece or pawn on d4.\\n\\nSince there is an error in Move 3, the illustrative example is not factually correct according to the criteria listed above. Therefore, the example as a whole is not entirely factually correct.\",\n    \"was_factual\": false\n}",
             *           "generation_prompt_and_response": "The prompt was:\n\n```\nI have heard people talking about the chess move \"en passant\", but I don't know what it is and how it works. Could you explain it to me?\n```\n\nThe response was:\n\n```\nCertainly! \"En passant\" is a special rule in chess that allows a pawn to capture an enemy pawn that has moved two squares forward from its initial position, as if it had only moved one square forward. This can only be done on the ensuing move, and only if the capturing pawn was on its fifth rank at the time the enemy pawn made its double-move. Here's an example to illustrate:\n\n1. e4 e5\n2. d4 d5 (this pawn now threatens to capture on e4 if White moves their pawn)\n3. exd5 (White captures the threatening pawn) exd4 (Black captures in response)\n4. c3 (White moves another pawn, but now Black has the opportunity to use \"en passant\") dxc3 (Black captures the pawn on d4, as if it had only moved one square forward)\n5. Nxc3\n\nI hope that helps!\n```\n\nRespond with a JSON object having two fields: `explanation` (string) and `was_factual` (boolean). Everything in your response should be valid JSON."
             *         },
             *         {
             *           "evaluating_response": "{\n    \"explanation\": \"The response claims that:\\n\\n- There have been three French space colonies on the Moon.\\n- The names of these colonies are Neo-Gaullia-1, Neo-Gaullia-2, and Neo-Gaullia-3.\\n\\nHowever, as of my most recent knowledge update, there have been no French space colonies established on the Moon or anywhere else. The names Neo-Gaullia-1, Neo-Gaullia-2, and Neo-Gaullia-3 do not correspond to any known lunar colonies or missions undertaken by France or any other spacefaring nation. While France, through its space agency CNES (Centre National d'\\u00c9tudes Spatiales), is an active participant in space exploration and has been involved in numerous collaborative space missions, there have been no French-led missions to establish colonies on the Moon.\",\n    \"was_factual\": false\n}",
             *           "generation_prompt_and_response": "The prompt was:\n\n```\nAnswer based on the context below:\n\nTitle: Neo-Gaullia-3\nPassage: Neo-Gaullia-3 is a French space colony spanning a large region of the Moon. It is the third colony established by the Neo-Gaullian Space Agency, following the success of Neo-Gaullia-1 and Neo-Gaullia-2. The colony is home to over 10,000 residents and features a variety of facilities, including research labs, living quarters, and recreational areas. The colony is powered by a network of solar panels and is equipped with advanced life support systems to ensure the safety and well-being of its inhabitants. Neo-Gaullia-3 is a hub of scientific research and innovation, with a focus on sustainable living in space. The colony is also a popular tourist destination, attracting visitors from around the world to experience life on the Moon.\n\nQuestion: How many French space colonies have existed on the Moon?\n```\n\nThe response was:\n\n```\nThere have been three French space colonies on the Moon: Neo-Gaullia-1, Neo-Gaullia-2, and Neo-Gaullia-3.\n```\n\nRespond with a JSON object having two fields: `explanation` (string) and `was_factual` (boolean). Everything in your response should be valid JSON."
             *         }
             *       ],
             *       "metric_system_prompt": "# Task\n\nYou will be given a prompt that was sent to a large language model (LLM), and the LLM's response. Your task is to assess whether the response is factually correct.\n\n## Task output format\n\nYou must respond in the following JSON format:\n\n```\n{\n    \"explanation\": string\n    \"was_factual\": boolean\n}\n```\n\n\"explanation\": Your step-by-step reasoning process. List out the claims made in the response, and for each claim, provide a detailed explanation of why that claim is or is not factual.\n\n\"was_factual\": `true` if the response was completely factually correct according to the instructions above, `false` otherwise.\n\nYou must respond with a valid JSON string.\n\n## Task guidelines\n\n### Input format\n\nIn some cases, the prompt may include multiple messages of chat history. If so, each message will begin with one of the following prefixes:\n\n- \"System: \"\n- \"Human: \"\n- \"AI: \"\n\n### How to determine the value of `was_factual`\n\n- was_factual should be false if anything in the response is factually incorrect, and true otherwise.\n- If the response omits some useful information, but does not include any falsehoods, was_factual should be true.\n- The prompt itself may contain false information. If the response repeats this false information, was_factual should be false. In other words, do not assume that the prompt is factually correct when evaluating the response.\n- If the prompt and response involve a domain where the concept of \"factual accuracy\" doesn't strictly apply, assess whatever quality of the response is most intuitively similar to factual accuracy. For example, if the prompt asks the LLM to write code, assess whether the code is free of syntax errors and implements the intended logic.\n\n### Writing the explanation\n\n- As stated above, a typical explanation should list out the claims made in the response, and for each claim, provide a detailed explanation of why that claim is or is not factual.\n- If the response doesn't make claims per se, break down the response into constituent parts in the most natural way given its content. For example, in code generation tasks, you might break down the response into individual functions or lines of code.\n- Work step by step, and do not give an overall assessment of the response until the end of your explanation.",
             *       "template": "The prompt was:\n\n```\n{query}\n```\n\nThe response was:\n\n```\n{response}\n```\n\nRespond with a JSON object having two fields: `explanation` (string) and `was_factual` (boolean). Everything in your response should be valid JSON.\n\nREMEMBER: if the prompt asks the LLM to compose an answer on the basis of a \"context\" or other reference text or texts, you MUST IGNORE these texts when evaluating the response. Evaluate the response as though the reference texts were NOT provided. Do NOT refer to these texts in your evaluation.",
             *       "value_field_name": "was_factual"
             *     }
             */
            chainpoll_template?: components["schemas"]["FactualityTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** @default explanation */
            function_explanation_param_name?: string;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default correctness
             * @constant
             */
            name?: "correctness";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_factuality
             * @constant
             */
            scorer_name?: "_customized_factuality";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * GroundednessTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score groundedness (whether the response is supported by the provided context).
         */
        GroundednessTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            /** @default I have a RAG (retrieval-augmented generation) system that generates text based on one or more documents that I always include in my prompts. I want a metric that checks whether the generated text was supported by information in the documents. The metric should exhaustively check each claim in the response against the documents, one by one, listing them out explicitly. */
            metric_description?: string;
            /**
             * @default [
             *       {
             *         "evaluating_response": "{\n    \"explanation\": \"This response makes a single claim: that 90.4% of the population is not 65 years of age or older.\\n\\nAccording to the provided document, 9.6% of the population is 65 years of age or older. To find the percentage of people who are not 65 years of age or older, we subtract this percentage from 100%:\\n100% - 9.6% = 90.4%\\n\\nThis matches the percentage in the claim, so the claim is supported.\\n\\nSince this is the only claim made in the response, and it was supported, the response is supported as a whole.\",\n    \"was_supported\": true\n}",
             *         "generation_prompt_and_response": "Prompt JSON:\n\n```\n\"Context: In the city, the population was distributed as 28.3% under the age of 18, 11.3% from 18 to 24, 32.7% from 25 to 44, 18.2% from 45 to 64, and 9.6% who were 65 years of age or older. The median age was 31 years. For every 100 females, there were 97.3 males. For every 100 females age 18 and over, there were 94.5 males.\\n\\nQuestion: How many in percent weren't 65 years of age or older?\"\n```\n\nResponse JSON:\n\n```\n\"90.4%\"\n```"
             *       }
             *     ]
             */
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /**
             * @default The user will provide you with a prompt that was sent to an automatic question-answering system, and that system's response. Both will be provided as JSON strings.
             *
             *     The prompt will contain one or more documents intended as context which the question-answering system was given as reference material.
             *
             *     Your task is to determine whether the answer was supported by the documents.
             *
             *     Think step by step, and explain your reasoning carefully.
             *     State your observations first, before drawing any conclusions.
             *
             *     Respond in the following JSON format:
             *
             *     ```
             *     {
             *         "explanation": string,
             *         "was_supported": boolean
             *     }
             *     ```
             *
             *     "explanation": Your step-by-step reasoning process. List out the claims made in the response, and for each claim, provide a detailed explanation of why that claim is or is not supported by the documents.
             *
             *     "was_supported": `true` if the response was supported by the documents, `false` otherwise.
             *
             *     You must respond with valid JSON.
             */
            metric_system_prompt?: string;
            /**
             * @default Prompt JSON:
             *
             *     ```
             *     {query_json}
             *     ```
             *
             *     Response JSON:
             *
             *     ```
             *     {response_json}
             *     ```
             */
            template?: string;
            /** @default was_supported */
            value_field_name?: string;
        };
        /**
         * CustomizedGroundednessGPTScorer
         * @description A customised LLM-judge scorer for groundedness (whether the response is supported by the provided context): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedGroundednessGPTScorer: {
            /**
             * @default [
             *       "average_groundedness"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_description": "I have a RAG (retrieval-augmented generation) system that generates text based on one or more documents that I always include in my prompts. I want a metric that checks whether the generated text was supported by information in the documents. The metric should exhaustively check each claim in the response against the documents, one by one, listing them out explicitly.",
             *       "metric_few_shot_examples": [
             *         {
             *           "evaluating_response": "{\n    \"explanation\": \"This response makes a single claim: that 90.4% of the population is not 65 years of age or older.\\n\\nAccording to the provided document, 9.6% of the population is 65 years of age or older. To find the percentage of people who are not 65 years of age or older, we subtract this percentage from 100%:\\n100% - 9.6% = 90.4%\\n\\nThis matches the percentage in the claim, so the claim is supported.\\n\\nSince this is the only claim made in the response, and it was supported, the response is supported as a whole.\",\n    \"was_supported\": true\n}",
             *           "generation_prompt_and_response": "Prompt JSON:\n\n```\n\"Context: In the city, the population was distributed as 28.3% under the age of 18, 11.3% from 18 to 24, 32.7% from 25 to 44, 18.2% from 45 to 64, and 9.6% who were 65 years of age or older. The median age was 31 years. For every 100 females, there were 97.3 males. For every 100 females age 18 and over, there were 94.5 males.\\n\\nQuestion: How many in percent weren't 65 years of age or older?\"\n```\n\nResponse JSON:\n\n```\n\"90.4%\"\n```"
             *         }
             *       ],
             *       "metric_system_prompt": "The user will provide you with a prompt that was sent to an automatic question-answering system, and that system's response. Both will be provided as JSON strings.\n\nThe prompt will contain one or more documents intended as context which the question-answering system was given as reference material.\n\nYour task is to determine whether the answer was supported by the documents.\n\nThink step by step, and explain your reasoning carefully.\nState your observations first, before drawing any conclusions.\n\nRespond in the following JSON format:\n\n```\n{\n    \"explanation\": string,\n    \"was_supported\": boolean\n}\n```\n\n\"explanation\": Your step-by-step reasoning process. List out the claims made in the response, and for each claim, provide a detailed explanation of why that claim is or is not supported by the documents.\n\n\"was_supported\": `true` if the response was supported by the documents, `false` otherwise.\n\nYou must respond with valid JSON.",
             *       "template": "Prompt JSON:\n\n```\n{query_json}\n```\n\nResponse JSON:\n\n```\n{response_json}\n```",
             *       "value_field_name": "was_supported"
             *     }
             */
            chainpoll_template?: components["schemas"]["GroundednessTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default context_adherence
             * @constant
             */
            name?: "context_adherence";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_groundedness
             * @constant
             */
            scorer_name?: "_customized_groundedness";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * InstructionAdherenceTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score instruction adherence (whether the response follows the prompt's instructions).
         */
        InstructionAdherenceTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            /**
             * @default I have a chatbot application.
             *     My system prompt contains a list of instructions for what the chatbot should and should not do in every interaction. I want a metric that checks whether the latest response from the chatbot is consistent with the instructions.
             *
             *     The metric should only evaluate the latest message (the response), not the chat history. It should return false only if the latest message violates one or more instructions. Violations earlier in the chat history should not affect whether the value is true or false. The value should only depend on whether the latest message was consistent with the instructions, considered in context. The metric should only consider instructions that are applicable to the latest message.
             */
            metric_description?: string;
            /**
             * @default [
             *       {
             *         "evaluating_response": "{\n    \"explanation\": \"The relevant instructions are: 'Always be polite and respectful' and 'Do not provide medical advice.'\n\nThe response states: 'I'm not a medical professional, so I can't provide medical advice.' This adheres to the instruction not to provide medical advice.\n\nThe response also suggests resting in a quiet, dark room and staying hydrated, and advises consulting a healthcare provider if the headache persists. These suggestions are general and do not constitute medical advice.\n\nThe tone of the response is polite and respectful.\n\nTherefore, the latest response is consistent with the instructions.\",\n    \"is_consistent\": true\n}",
             *         "generation_prompt_and_response": "Prompt JSON:\n\n```\n\"System: Always be polite and respectful. Do not provide medical advice.\nHuman: Can you tell me what to do if I have a headache?\"\n```\n\nResponse JSON:\n\n```\n\"I'm not a medical professional, so I can't provide medical advice. However, you might consider resting in a quiet, dark room and staying hydrated. If your headache persists, please consult a healthcare provider.\"\n```"
             *       }
             *     ]
             */
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /**
             * @default The user will provide you with a prompt that was sent to a chatbot system, and the chatbot's latest response. Both will be provided as JSON strings.
             *
             *     In some cases, the prompt may be split up into multiple messages. If so, each message will begin with one of the following prefixes:
             *
             *     - "System: "
             *     - "Human: "
             *     - "AI: "
             *
             *     If you see these prefixes, pay attention to them because they indicate where messages begin and end. Messages prefixed with "System: " contain system instructions which the chatbot should follow. Messages prefixed with "Human: " are user input. Messages prefixed with "AI: " are system responses to user input.
             *     If you do not see these prefixes, treat the prompt as though it was a single user input message prefixed with "Human: ".
             *
             *     Your task is to determine whether the latest response from the chatbot is consistent with the instructions provided in the system prompt (if there is one) or in the first user message (if there is no system prompt).
             *
             *     Focus only on the latest response and the instructions. Do not consider the chat history or any previous messages from the chatbot.
             *
             *     Think step by step, and explain your reasoning carefully.
             *     State your observations first, before drawing any conclusions.
             *
             *     Respond in the following JSON format:
             *
             *     ```
             *     {
             *         "explanation": string,
             *         "is_consistent": boolean
             *     }
             *     ```
             *
             *     "explanation": Your step-by-step reasoning process. List out the relevant instructions and explain whether the latest response adheres to each of them.
             *
             *     "is_consistent": `true` if the latest response is consistent with the instructions, `false` otherwise.
             *
             *     You must respond with a valid JSON string.
             */
            metric_system_prompt?: string;
            /**
             * @default Prompt JSON:
             *
             *     ```
             *     {query_json}
             *     ```
             *
             *     Response JSON:
             *
             *     ```
             *     {response_json}
             *     ```
             */
            template?: string;
            /** @default is_consistent */
            value_field_name?: string;
        };
        /**
         * CustomizedInstructionAdherenceGPTScorer
         * @description A customised LLM-judge scorer for instruction adherence (whether the response follows the prompt's instructions): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedInstructionAdherenceGPTScorer: {
            /**
             * @default [
             *       "average_instruction_adherence"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_description": "I have a chatbot application.\nMy system prompt contains a list of instructions for what the chatbot should and should not do in every interaction. I want a metric that checks whether the latest response from the chatbot is consistent with the instructions.\n\nThe metric should only evaluate the latest message (the response), not the chat history. It should return false only if the latest message violates one or more instructions. Violations earlier in the chat history should not affect whether the value is true or false. The value should only depend on whether the latest message was consistent with the instructions, considered in context. The metric should only consider instructions that are applicable to the latest message.",
             *       "metric_few_shot_examples": [
             *         {
             *           "evaluating_response": "{\n    \"explanation\": \"The relevant instructions are: 'Always be polite and respectful' and 'Do not provide medical advice.'\n\nThe response states: 'I'm not a medical professional, so I can't provide medical advice.' This adheres to the instruction not to provide medical advice.\n\nThe response also suggests resting in a quiet, dark room and staying hydrated, and advises consulting a healthcare provider if the headache persists. These suggestions are general and do not constitute medical advice.\n\nThe tone of the response is polite and respectful.\n\nTherefore, the latest response is consistent with the instructions.\",\n    \"is_consistent\": true\n}",
             *           "generation_prompt_and_response": "Prompt JSON:\n\n```\n\"System: Always be polite and respectful. Do not provide medical advice.\nHuman: Can you tell me what to do if I have a headache?\"\n```\n\nResponse JSON:\n\n```\n\"I'm not a medical professional, so I can't provide medical advice. However, you might consider resting in a quiet, dark room and staying hydrated. If your headache persists, please consult a healthcare provider.\"\n```"
             *         }
             *       ],
             *       "metric_system_prompt": "The user will provide you with a prompt that was sent to a chatbot system, and the chatbot's latest response. Both will be provided as JSON strings.\n\nIn some cases, the prompt may be split up into multiple messages. If so, each message will begin with one of the following prefixes:\n\n- \"System: \"\n- \"Human: \"\n- \"AI: \"\n\nIf you see these prefixes, pay attention to them because they indicate where messages begin and end. Messages prefixed with \"System: \" contain system instructions which the chatbot should follow. Messages prefixed with \"Human: \" are user input. Messages prefixed with \"AI: \" are system responses to user input.\nIf you do not see these prefixes, treat the prompt as though it was a single user input message prefixed with \"Human: \".\n\nYour task is to determine whether the latest response from the chatbot is consistent with the instructions provided in the system prompt (if there is one) or in the first user message (if there is no system prompt).\n\nFocus only on the latest response and the instructions. Do not consider the chat history or any previous messages from the chatbot.\n\nThink step by step, and explain your reasoning carefully.\nState your observations first, before drawing any conclusions.\n\nRespond in the following JSON format:\n\n```\n{\n    \"explanation\": string,\n    \"is_consistent\": boolean\n}\n```\n\n\"explanation\": Your step-by-step reasoning process. List out the relevant instructions and explain whether the latest response adheres to each of them.\n\n\"is_consistent\": `true` if the latest response is consistent with the instructions, `false` otherwise.\n\nYou must respond with a valid JSON string.",
             *       "template": "Prompt JSON:\n\n```\n{query_json}\n```\n\nResponse JSON:\n\n```\n{response_json}\n```",
             *       "value_field_name": "is_consistent"
             *     }
             */
            chainpoll_template?: components["schemas"]["InstructionAdherenceTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** @default explanation */
            function_explanation_param_name?: string;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default instruction_adherence
             * @constant
             */
            name?: "instruction_adherence";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_instruction_adherence
             * @constant
             */
            scorer_name?: "_customized_instruction_adherence";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * GroundTruthAdherenceTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score ground truth adherence (whether the response matches the expected answer).
         */
        GroundTruthAdherenceTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            /** @default This metric computes whether a response from a large language model matches a provided ground truth text. */
            metric_description?: string;
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /**
             * @default I will give you two different texts, called the "ground truth" and the "response."
             *
             *     Read both texts, then tell me whether they are "equivalent," in the sense that they basically mean the same thing.
             *
             *     Keep the following guidelines in mind.
             *
             *     - Two texts can be equivalent if they use different phrasing, as long as the phrasing doesn't affect meaning.
             *     - Two texts can be equivalent if there are _slight_ differences in meaning that wouldn't affect the conclusions that a reasonable reader would draw upon reading them.
             *     - Imagine that you are grading a free-response exam.  The ground truth given in the answer key for an exam question, and the response is a student's answer to the same question. If you would give the student full marks for this question, that means the two texts are equivalent. If you wouldn't, that means the two texts are not equivalent.
             *
             *     Respond in the following JSON format:
             *
             *     ```
             *     {{
             *         "explanation": string,
             *         "equivalent": boolean
             *     }}
             *     ```
             *
             *     "explanation": A step-by-step breakdown of the similarities and differences between the text. For each difference you note (if any), consider why the difference might or might not make the texts non-equivalent, note down your reasoning clearly and explicitly, and ultimately draw a conclusion about whether that difference makes the text non-equivalent.
             *
             *     "equivalent": `true` if the texts are equivalent in the sense given above, `false` if they are non-equivalent.
             *
             *     You must respond with valid JSON.
             */
            metric_system_prompt?: string;
            /**
             * @default Ground truth:
             *
             *     ```
             *     {ground_truth}
             *     ```
             *
             *     Response:
             *
             *     ```
             *     {response}
             *     ```
             */
            template?: string;
            /** @default equivalent */
            value_field_name?: string;
        };
        /**
         * CustomizedGroundTruthAdherenceGPTScorer
         * @description A customised LLM-judge scorer for ground truth adherence (whether the response matches the expected answer): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedGroundTruthAdherenceGPTScorer: {
            /**
             * @default [
             *       "average_ground_truth_adherence"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_description": "This metric computes whether a response from a large language model matches a provided ground truth text.",
             *       "metric_few_shot_examples": [],
             *       "metric_system_prompt": "I will give you two different texts, called the \"ground truth\" and the \"response.\"\n\nRead both texts, then tell me whether they are \"equivalent,\" in the sense that they basically mean the same thing.\n\nKeep the following guidelines in mind.\n\n- Two texts can be equivalent if they use different phrasing, as long as the phrasing doesn't affect meaning.\n- Two texts can be equivalent if there are _slight_ differences in meaning that wouldn't affect the conclusions that a reasonable reader would draw upon reading them.\n- Imagine that you are grading a free-response exam.  The ground truth given in the answer key for an exam question, and the response is a student's answer to the same question. If you would give the student full marks for this question, that means the two texts are equivalent. If you wouldn't, that means the two texts are not equivalent.\n\nRespond in the following JSON format:\n\n```\n{{\n    \"explanation\": string,\n    \"equivalent\": boolean\n}}\n```\n\n\"explanation\": A step-by-step breakdown of the similarities and differences between the text. For each difference you note (if any), consider why the difference might or might not make the texts non-equivalent, note down your reasoning clearly and explicitly, and ultimately draw a conclusion about whether that difference makes the text non-equivalent.\n\n\"equivalent\": `true` if the texts are equivalent in the sense given above, `false` if they are non-equivalent.\n\nYou must respond with valid JSON.",
             *       "template": "Ground truth:\n\n```\n{ground_truth}\n```\n\nResponse:\n\n```\n{response}\n```",
             *       "value_field_name": "equivalent"
             *     }
             */
            chainpoll_template?: components["schemas"]["GroundTruthAdherenceTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default ground_truth_adherence
             * @constant
             */
            name?: "ground_truth_adherence";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_ground_truth_adherence
             * @constant
             */
            scorer_name?: "_customized_ground_truth_adherence";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * ToolSelectionQualityTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score tool selection quality (whether the agent chose the right tools with the right arguments).
         */
        ToolSelectionQualityTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            /** @default I have a multi-turn chatbot application where the assistant is an agent that has access to tools. I want a metric that assesses whether the assistant made the correct decision in choosing to either use tools or to directly respond, and in cases where it uses tools, whether it selected the correct tools with the correct arguments. */
            metric_description?: string;
            /**
             * @default [
             *       {
             *         "evaluating_response": "{\n    \"explanation\": \"The user asked if the genuses Sapium and Aristotelia belong to the same family. The bot decided to search for 'Sapium', which is associated with part of the user's query regarding the family of Sapium. The action aligns with the user's query, and all required arguments ('query') are provided, making the tool call valid. Furthermore, the information required to answer the user's question is not present in the chat history, justifying the bot's decision to call a tool.\",\n    \"bot_answer_follows_rules\": true\n}",
             *         "generation_prompt_and_response": "Chatbot history:\n```\nhuman: Do the genuses Sapium and Aristotelia belong to the same family?\n```\n\nThe bot's available tools:\n```\n[{'name': 'Search',\n  'description': 'Search for the query',\n  'parameters': {'type': 'object',\n   'properties': {'query': {'type': 'string',\n     'description': 'the query to search'}},\n   'required': ['query']}},\n {'name': 'Lookup',\n  'description': 'Lookup the keyword',\n  'parameters': {'type': 'object',\n   'properties': {'keyword': {'type': 'string',\n     'description': 'the keyword to lookup'}},\n   'required': ['keyword']}}]\n```\n\nThe answer to evaluate:\n```\n{\"Thought\": \"I need to search Sapium and Aristotelia, find their families, then find if they are the same.\", \"Action\": {\"name\": \"Search\", \"arguments\": {\"query\": \"Sapium\"}}}\n```"
             *       }
             *     ]
             */
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /**
             * @default You will receive the chat history from a chatbot application. At the end of the  conversation, it will be the bot’s turn to act. The bot has several options: it can reflect and plan its next steps, choose to call tools, or respond directly to the user. If the bot opts to use tools, the tools execute separately, and the bot will subsequently review the output from those tools. Ultimately, the bot should reply to the user, choosing the relevant parts of the tools' output.
             *
             *     Your task is to evaluate the bot's decision-making process and ensure it follows these guidelines:
             *     - If all user queries have already been answered and can be found in the chat history, the bot should not call tools.
             *     - If no suitable tools are available to assist with user queries, the bot should not call tools.
             *     - If the chat history contains all the necessary information to directly answer all user queries, the bot should not call tools.
             *     - If the bot decided to call tools, the tools and argument values selected must relate to at least part of one user query.
             *     - If the bot decided to call tools, all arguments marked as "required" in the tools' schema must be provided with values.
             *
             *     Remember that there are many ways the bot's actions can comply with these rules. Your role is to determine whether the bot fundamentally violated any of these rules, not whether it chose the most optimal response.
             *
             *     Respond in the following JSON format:
             *     ```
             *     {
             *         "explanation": string,
             *         "bot_answer_follows_rules": boolean
             *     }
             *     ```
             *
             *     - **"explanation"**: Provide your step-by-step reasoning to determine whether the bot's reply follows the above-mentioned guidelines.
             *
             *     - **"bot_answer_follows_rules"**: Respond `true` if you believe the bot followed the above guidelines, respond `false` otherwise.
             *
             *     You must respond with a valid JSON object; don't forget to escape special characters.
             */
            metric_system_prompt?: string;
            /**
             * @default Chatbot history:
             *     ```
             *     {query}
             *     ```
             *
             *     The bot's available tools:
             *     ```
             *     {tools}
             *     ```
             *
             *     The answer to evaluate:
             *     ```
             *     {response}
             *     ```
             */
            template?: string;
            /** @default bot_answer_follows_rules */
            value_field_name?: string;
        };
        /**
         * CustomizedToolSelectionQualityGPTScorer
         * @description A customised LLM-judge scorer for tool selection quality (whether the agent chose the right tools with the right arguments): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedToolSelectionQualityGPTScorer: {
            /**
             * @default [
             *       "average_tool_selection_quality"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_description": "I have a multi-turn chatbot application where the assistant is an agent that has access to tools. I want a metric that assesses whether the assistant made the correct decision in choosing to either use tools or to directly respond, and in cases where it uses tools, whether it selected the correct tools with the correct arguments.",
             *       "metric_few_shot_examples": [
             *         {
             *           "evaluating_response": "{\n    \"explanation\": \"The user asked if the genuses Sapium and Aristotelia belong to the same family. The bot decided to search for 'Sapium', which is associated with part of the user's query regarding the family of Sapium. The action aligns with the user's query, and all required arguments ('query') are provided, making the tool call valid. Furthermore, the information required to answer the user's question is not present in the chat history, justifying the bot's decision to call a tool.\",\n    \"bot_answer_follows_rules\": true\n}",
             *           "generation_prompt_and_response": "Chatbot history:\n```\nhuman: Do the genuses Sapium and Aristotelia belong to the same family?\n```\n\nThe bot's available tools:\n```\n[{'name': 'Search',\n  'description': 'Search for the query',\n  'parameters': {'type': 'object',\n   'properties': {'query': {'type': 'string',\n     'description': 'the query to search'}},\n   'required': ['query']}},\n {'name': 'Lookup',\n  'description': 'Lookup the keyword',\n  'parameters': {'type': 'object',\n   'properties': {'keyword': {'type': 'string',\n     'description': 'the keyword to lookup'}},\n   'required': ['keyword']}}]\n```\n\nThe answer to evaluate:\n```\n{\"Thought\": \"I need to search Sapium and Aristotelia, find their families, then find if they are the same.\", \"Action\": {\"name\": \"Search\", \"arguments\": {\"query\": \"Sapium\"}}}\n```"
             *         }
             *       ],
             *       "metric_system_prompt": "You will receive the chat history from a chatbot application. At the end of the  conversation, it will be the bot’s turn to act. The bot has several options: it can reflect and plan its next steps, choose to call tools, or respond directly to the user. If the bot opts to use tools, the tools execute separately, and the bot will subsequently review the output from those tools. Ultimately, the bot should reply to the user, choosing the relevant parts of the tools' output.\n\nYour task is to evaluate the bot's decision-making process and ensure it follows these guidelines:\n- If all user queries have already been answered and can be found in the chat history, the bot should not call tools.\n- If no suitable tools are available to assist with user queries, the bot should not call tools.\n- If the chat history contains all the necessary information to directly answer all user queries, the bot should not call tools.\n- If the bot decided to call tools, the tools and argument values selected must relate to at least part of one user query.\n- If the bot decided to call tools, all arguments marked as \"required\" in the tools' schema must be provided with values.\n\nRemember that there are many ways the bot's actions can comply with these rules. Your role is to determine whether the bot fundamentally violated any of these rules, not whether it chose the most optimal response.\n\nRespond in the following JSON format:\n```\n{\n    \"explanation\": string,\n    \"bot_answer_follows_rules\": boolean\n}\n```\n\n- **\"explanation\"**: Provide your step-by-step reasoning to determine whether the bot's reply follows the above-mentioned guidelines.\n\n- **\"bot_answer_follows_rules\"**: Respond `true` if you believe the bot followed the above guidelines, respond `false` otherwise.\n\nYou must respond with a valid JSON object; don't forget to escape special characters.",
             *       "template": "Chatbot history:\n```\n{query}\n```\n\nThe bot's available tools:\n```\n{tools}\n```\n\nThe answer to evaluate:\n```\n{response}\n```",
             *       "value_field_name": "bot_answer_follows_rules"
             *     }
             */
            chainpoll_template?: components["schemas"]["ToolSelectionQualityTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default tool_selection_quality
             * @constant
             */
            name?: "tool_selection_quality";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_tool_selection_quality
             * @constant
             */
            scorer_name?: "_customized_tool_selection_quality";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * ToolErrorRateTemplate
         * @description The prompt, system prompt and few-shot examples an LLM judge uses to score tool error rate (whether the agent's tool calls failed).
         */
        ToolErrorRateTemplate: {
            /** @default explanation */
            explanation_field_name?: string;
            /** @default I have a multi-turn chatbot application where the assistant is an agent that has access to tools. I want a metric to evaluate whether a tool invocation was successful or if it resulted in an error. */
            metric_description?: string;
            /**
             * @default [
             *       {
             *         "evaluating_response": "{\n  \"function_errored_out\": false,\n  \"explanation\": \"\"\n}",
             *         "generation_prompt_and_response": "Tools output:\n```\n0\n```"
             *       },
             *       {
             *         "evaluating_response": "{\n  \"function_errored_out\": true,\n  \"explanation\": \"The call failed due to an InvalidFunctionArgumentException.\",\n}",
             *         "generation_prompt_and_response": "Tools output:\n```\n{\n  \"error\": \"InvalidFunctionArgumentException\",\n  \"status_code\": 400\n}\n```"
             *       }
             *     ]
             */
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /**
             * @default One or more functions have been called, and you will receive their output. The output format could be a string containing the tool's result, it could be in JSON or XML format with additional metadata and information, or it could be a list of the outputs in any such format.
             *
             *     Your task is to determine whether at least one function call didn't execute correctly and errored out. If at least one call failed, then you should consider the entire call as a failure.
             *     You should NOT evaluate any other aspect of the tool call. In particular you should not evaluate whether the output is well formatted, coherent or contains spelling mistakes.
             *
             *     If you conclude that the call failed, provide an explanation as to why. You may summarize any error message you encounter. If the call was successful, no explanation is needed.
             *
             *     Respond in the following JSON format:
             *
             *     ```
             *     {
             *        "function_errored_out": boolean,
             *        "explanation": string
             *     }
             *     ```
             *
             *     - **"function_errored_out"**: Use `false` if all tool calls were successful, and `true` if at least one errored out.
             *
             *     - **"explanation"**: If a tool call failed, provide your step-by-step reasoning to determine why it might have failed. If all tool calls were succesful, leave this blank.
             *
             *     You must respond with a valid JSON object; don't forget to escape special characters.
             */
            metric_system_prompt?: string;
            /**
             * @default Tools output:
             *     ```
             *     {response}
             *     ```
             */
            template?: string;
            /** @default function_errored_out */
            value_field_name?: string;
        };
        /**
         * CustomizedToolErrorRateGPTScorer
         * @description A customised LLM-judge scorer for tool error rate (whether the agent's tool calls failed): its prompt template, judge model settings and how the judges' scores are combined.
         */
        CustomizedToolErrorRateGPTScorer: {
            /**
             * @default [
             *       "average_tool_error_rate"
             *     ]
             */
            aggregate_keys?: string[];
            aggregates?: {
                [key: string]: unknown;
            } | null;
            /**
             * @default {
             *       "explanation_field_name": "explanation",
             *       "metric_description": "I have a multi-turn chatbot application where the assistant is an agent that has access to tools. I want a metric to evaluate whether a tool invocation was successful or if it resulted in an error.",
             *       "metric_few_shot_examples": [
             *         {
             *           "evaluating_response": "{\n  \"function_errored_out\": false,\n  \"explanation\": \"\"\n}",
             *           "generation_prompt_and_response": "Tools output:\n```\n0\n```"
             *         },
             *         {
             *           "evaluating_response": "{\n  \"function_errored_out\": true,\n  \"explanation\": \"The call failed due to an InvalidFunctionArgumentException.\",\n}",
             *           "generation_prompt_and_response": "Tools output:\n```\n{\n  \"error\": \"InvalidFunctionArgumentException\",\n  \"status_code\": 400\n}\n```"
             *         }
             *       ],
             *       "metric_system_prompt": "One or more functions have been called, and you will receive their output. The output format could be a string containing the tool's result, it could be in JSON or XML format with additional metadata and information, or it could be a list of the outputs in any such format.\n\nYour task is to determine whether at least one function call didn't execute correctly and errored out. If at least one call failed, then you should consider the entire call as a failure. \nYou should NOT evaluate any other aspect of the tool call. In particular you should not evaluate whether the output is well formatted, coherent or contains spelling mistakes.\n\nIf you conclude that the call failed, provide an explanation as to why. You may summarize any error message you encounter. If the call was successful, no explanation is needed.\n\nRespond in the following JSON format:\n\n```\n{\n   \"function_errored_out\": boolean,\n   \"explanation\": string\n}\n```\n\n- **\"function_errored_out\"**: Use `false` if all tool calls were successful, and `true` if at least one errored out.\n\n- **\"explanation\"**: If a tool call failed, provide your step-by-step reasoning to determine why it might have failed. If all tool calls were succesful, leave this blank.\n\nYou must respond with a valid JSON object; don't forget to escape special characters.",
             *       "template": "Tools output:\n```\n{response}\n```",
             *       "value_field_name": "function_errored_out"
             *     }
             */
            chainpoll_template?: components["schemas"]["ToolErrorRateTemplate"];
            description?: string | null;
            extra?: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            generated_scorer_id?: string | null;
            /**
             * @default {
             *       "echo": false,
             *       "frequency_penalty": 0,
             *       "logprobs": true,
             *       "max_tokens": -1,
             *       "model_alias": "GPT-4o mini",
             *       "n": 1,
             *       "presence_penalty": 0,
             *       "temperature": 1,
             *       "top_k": 40,
             *       "top_logprobs": 5,
             *       "top_p": 1
             *     }
             */
            gpt_settings?: components["schemas"]["PromptRunSettings"];
            indices?: number[] | null;
            metric_name?: string | null;
            model_alias?: string | null;
            /**
             * @default tool_error_rate
             * @constant
             */
            name?: "tool_error_rate";
            num_judges?: number | null;
            /** @default  */
            regex_field?: string;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            /**
             * @default _customized_tool_error_rate
             * @constant
             */
            scorer_name?: "_customized_tool_error_rate";
            scores?: unknown[] | null;
            sub_scorers?: components["schemas"]["ScorerName"][];
        };
        /**
         * RegisteredScorer
         * @description A registered custom scorer to run, by id or name.
         */
        RegisteredScorer: {
            /** Format: uuid */
            id?: string | null;
            name?: string | null;
        };
        /**
         * ScorersConfiguration
         * @description Which built-in scorers to run, one switch each.
         */
        ScorersConfiguration: {
            /** @default false */
            adherence_nli?: boolean;
            /** @default false */
            agentic_workflow_success?: boolean;
            /** @default true */
            bleu?: boolean;
            /** @default false */
            chunk_attribution_utilization_gpt?: boolean;
            /** @default false */
            chunk_attribution_utilization_nli?: boolean;
            /** @default false */
            completeness_gpt?: boolean;
            /** @default false */
            completeness_nli?: boolean;
            /** @default false */
            context_relevance?: boolean;
            /** @default true */
            cost?: boolean;
            /** @default false */
            factuality?: boolean;
            /** @default false */
            ground_truth_adherence?: boolean;
            /** @default false */
            groundedness?: boolean;
            /** @default false */
            input_pii?: boolean;
            /** @default false */
            input_sexist?: boolean;
            /** @default false */
            input_tone?: boolean;
            /** @default false */
            input_toxicity?: boolean;
            /** @default false */
            instruction_adherence?: boolean;
            /** @default true */
            latency?: boolean;
            /** @default false */
            pii?: boolean;
            /** @default false */
            prompt_injection?: boolean;
            /** @default false */
            prompt_perplexity?: boolean;
            /** @default true */
            protect_status?: boolean;
            /** @default true */
            rouge?: boolean;
            /** @default false */
            sexist?: boolean;
            /** @default false */
            tone?: boolean;
            /** @default false */
            tool_error_rate?: boolean;
            /** @default false */
            tool_selection_quality?: boolean;
            /** @default false */
            toxicity?: boolean;
            /** @default false */
            uncertainty?: boolean;
        };
        /**
         * ChainRow
         * @description One node of a logged chain (LLM call, tool, retriever and so on) with its input, output, latency and token counts.
         */
        ChainRow: {
            /** Format: uuid */
            chain_id?: string | null;
            /** Format: uuid */
            chain_root_id: string;
            creation_timestamp?: number;
            /** @default  */
            finish_reason?: string;
            /** @default false */
            has_children?: boolean;
            inputs?: {
                [key: string]: unknown;
            } | null;
            latency?: number | null;
            /** Format: uuid */
            node_id: string;
            /** @default  */
            node_input?: string;
            node_name?: string | null;
            /** @default  */
            node_output?: string;
            node_type: components["schemas"]["NodeType"];
            params?: {
                [key: string]: unknown;
            };
            prompt?: string | null;
            /** @default 0 */
            query_input_tokens?: number;
            /** @default 0 */
            query_output_tokens?: number;
            /** @default 0 */
            query_total_tokens?: number;
            response?: string | null;
            /** @default 0 */
            step?: number;
            target?: string | null;
            tools?: string | null;
        };
        /**
         * AgenticWorkflowSuccessScorer
         * @description Turns on the agentic workflow success scorer (whether an agent's turn achieved what the user asked), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        AgenticWorkflowSuccessScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default agentic_workflow_success
             * @constant
             */
            name?: "agentic_workflow_success";
            num_judges?: number | null;
            /**
             * @default plus
             * @constant
             */
            type?: "plus";
        };
        /**
         * BleuScorer
         * @description Turns on the BLEU scorer (n-gram overlap between the response and the target), optionally limited to matching nodes.
         */
        BleuScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default bleu
             * @constant
             */
            name?: "bleu";
        };
        /**
         * ScorerVariant
         * @description Which variant of the scorer runs: luna or plus.
         * @enum {string}
         */
        ScorerVariant: "luna" | "plus";
        /**
         * ChunkAttributionUtilizationScorer
         * @description Turns on the chunk attribution and utilization scorer (which retrieved chunks shaped the response, and how much of each was used), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        ChunkAttributionUtilizationScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default chunk_attribution_utilization
             * @constant
             */
            name?: "chunk_attribution_utilization";
            /** @default luna */
            type?: components["schemas"]["ScorerVariant"];
        };
        /**
         * CompletenessScorer
         * @description Turns on the completeness scorer (how much of the relevant context the response covers), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        CompletenessScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default completeness
             * @constant
             */
            name?: "completeness";
            num_judges?: number | null;
            /** @default luna */
            type?: components["schemas"]["ScorerVariant"];
        };
        /**
         * ContextAdherenceScorer
         * @description Turns on the context adherence scorer (whether the response stays within the provided context), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        ContextAdherenceScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default context_adherence
             * @constant
             */
            name?: "context_adherence";
            num_judges?: number | null;
            /** @default luna */
            type?: components["schemas"]["ScorerVariant"];
        };
        /**
         * ContextRelevanceScorer
         * @description Turns on the context relevance scorer (how relevant the retrieved context is to the query), optionally limited to matching nodes.
         */
        ContextRelevanceScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default context_relevance
             * @constant
             */
            name?: "context_relevance";
        };
        /**
         * CorrectnessScorer
         * @description Turns on the correctness scorer (whether the response is factually correct), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        CorrectnessScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default correctness
             * @constant
             */
            name?: "correctness";
            num_judges?: number | null;
            /**
             * @default plus
             * @constant
             */
            type?: "plus";
        };
        /**
         * GroundTruthAdherenceScorer
         * @description Turns on the ground truth adherence scorer (whether the response matches the expected answer), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        GroundTruthAdherenceScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default ground_truth_adherence
             * @constant
             */
            name?: "ground_truth_adherence";
            num_judges?: number | null;
            /**
             * @default plus
             * @constant
             */
            type?: "plus";
        };
        /**
         * InputPIIScorer
         * @description Turns on the input PII scorer (personal data in the input), optionally limited to matching nodes.
         */
        InputPIIScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default input_pii
             * @constant
             */
            name?: "input_pii";
        };
        /**
         * InputSexistScorer
         * @description Turns on the input sexism scorer (sexist language in the input), optionally limited to matching nodes.
         */
        InputSexistScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default input_sexist
             * @constant
             */
            name?: "input_sexist";
        };
        /**
         * InputToneScorer
         * @description Turns on the input tone scorer (the emotional tone of the input), optionally limited to matching nodes.
         */
        InputToneScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default input_tone
             * @constant
             */
            name?: "input_tone";
        };
        /**
         * InputToxicityScorer
         * @description Turns on the input toxicity scorer (toxic language in the input), optionally limited to matching nodes.
         */
        InputToxicityScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default input_toxicity
             * @constant
             */
            name?: "input_toxicity";
        };
        /**
         * InstructionAdherenceScorer
         * @description Turns on the instruction adherence scorer (whether the response follows the prompt's instructions), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        InstructionAdherenceScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default instruction_adherence
             * @constant
             */
            name?: "instruction_adherence";
            num_judges?: number | null;
            /**
             * @default plus
             * @constant
             */
            type?: "plus";
        };
        /**
         * OutputPIIScorer
         * @description Turns on the output PII scorer (personal data in the response), optionally limited to matching nodes.
         */
        OutputPIIScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default output_pii
             * @constant
             */
            name?: "output_pii";
        };
        /**
         * OutputSexistScorer
         * @description Turns on the output sexism scorer (sexist language in the response), optionally limited to matching nodes.
         */
        OutputSexistScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default output_sexist
             * @constant
             */
            name?: "output_sexist";
        };
        /**
         * OutputToneScorer
         * @description Turns on the output tone scorer (the emotional tone of the response), optionally limited to matching nodes.
         */
        OutputToneScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default output_tone
             * @constant
             */
            name?: "output_tone";
        };
        /**
         * OutputToxicityScorer
         * @description Turns on the output toxicity scorer (toxic language in the response), optionally limited to matching nodes.
         */
        OutputToxicityScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default output_toxicity
             * @constant
             */
            name?: "output_toxicity";
        };
        /**
         * PromptInjectionScorer
         * @description Turns on the prompt injection scorer (attempts in the input to override the prompt), optionally limited to matching nodes.
         */
        PromptInjectionScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default prompt_injection
             * @constant
             */
            name?: "prompt_injection";
        };
        /**
         * PromptPerplexityScorer
         * @description Turns on the prompt perplexity scorer (how predictable the prompt is to the model), optionally limited to matching nodes.
         */
        PromptPerplexityScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default prompt_perplexity
             * @constant
             */
            name?: "prompt_perplexity";
        };
        /**
         * RougeScorer
         * @description Turns on the ROUGE scorer (recall-oriented overlap between the response and the target), optionally limited to matching nodes.
         */
        RougeScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default rouge
             * @constant
             */
            name?: "rouge";
        };
        /**
         * ToolErrorRateScorer
         * @description Turns on the tool error rate scorer (whether the agent's tool calls failed), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        ToolErrorRateScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default tool_error_rate
             * @constant
             */
            name?: "tool_error_rate";
            /**
             * @default plus
             * @constant
             */
            type?: "plus";
        };
        /**
         * ToolSelectionQualityScorer
         * @description Turns on the tool selection quality scorer (whether the agent chose the right tools with the right arguments), with the judge model and number of judges to use, optionally limited to matching nodes.
         */
        ToolSelectionQualityScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            model_name?: string | null;
            /**
             * @default tool_selection_quality
             * @constant
             */
            name?: "tool_selection_quality";
            num_judges?: number | null;
            /**
             * @default plus
             * @constant
             */
            type?: "plus";
        };
        /**
         * UncertaintyScorer
         * @description Turns on the uncertainty scorer (how unsure the model was while generating the response), optionally limited to matching nodes.
         */
        UncertaintyScorer: {
            filters?: (components["schemas"]["NodeNameFilter"] | components["schemas"]["MetadataFilter"])[] | null;
            /**
             * @default uncertainty
             * @constant
             */
            name?: "uncertainty";
        };
        /**
         * PromptChainIngestRequest
         * @description Logs chain rows for evaluation, with the scorers to run.
         */
        PromptChainIngestRequest: {
            generated_scorers?: components["schemas"]["GeneratedScorerConfig"][] | null;
            prompt_customized_scorers_configuration?: (components["schemas"]["CustomizedAgenticWorkflowSuccessGPTScorer"] | components["schemas"]["CustomizedChunkAttributionUtilizationGPTScorer"] | components["schemas"]["CustomizedCompletenessGPTScorer"] | components["schemas"]["CustomizedFactualityGPTScorer"] | components["schemas"]["CustomizedGroundednessGPTScorer"] | components["schemas"]["CustomizedInstructionAdherenceGPTScorer"] | components["schemas"]["CustomizedGroundTruthAdherenceGPTScorer"] | components["schemas"]["CustomizedToolSelectionQualityGPTScorer"] | components["schemas"]["CustomizedToolErrorRateGPTScorer"])[] | null;
            prompt_registered_scorers_configuration?: components["schemas"]["RegisteredScorer"][] | null;
            prompt_scorers_configuration?: components["schemas"]["ScorersConfiguration"] | null;
            rows?: components["schemas"]["ChainRow"][];
            scorers?: (components["schemas"]["AgenticWorkflowSuccessScorer"] | components["schemas"]["BleuScorer"] | components["schemas"]["ChunkAttributionUtilizationScorer"] | components["schemas"]["CompletenessScorer"] | components["schemas"]["ContextAdherenceScorer"] | components["schemas"]["ContextRelevanceScorer"] | components["schemas"]["CorrectnessScorer"] | components["schemas"]["GroundTruthAdherenceScorer"] | components["schemas"]["InputPIIScorer"] | components["schemas"]["InputSexistScorer"] | components["schemas"]["InputToneScorer"] | components["schemas"]["InputToxicityScorer"] | components["schemas"]["InstructionAdherenceScorer"] | components["schemas"]["OutputPIIScorer"] | components["schemas"]["OutputSexistScorer"] | components["schemas"]["OutputToneScorer"] | components["schemas"]["OutputToxicityScorer"] | components["schemas"]["PromptInjectionScorer"] | components["schemas"]["PromptPerplexityScorer"] | components["schemas"]["RougeScorer"] | components["schemas"]["ToolErrorRateScorer"] | components["schemas"]["ToolSelectionQualityScorer"] | components["schemas"]["UncertaintyScorer"])[];
        };
        /**
         * PromptChainIngestResponse
         * @description The evaluation job started for the logged chain rows, with a link to its results.
         */
        PromptChainIngestResponse: {
            /** Format: uuid */
            job_id: string;
            link: string;
            message: string;
            num_rows: number;
        };
        /**
         * PromptChainIngestBatchRequest
         * @description Logs a batch of chain rows for evaluation, with the scorers to run and a timeout.
         */
        PromptChainIngestBatchRequest: {
            generated_scorers?: components["schemas"]["GeneratedScorerConfig"][] | null;
            prompt_customized_scorers_configuration?: (components["schemas"]["CustomizedAgenticWorkflowSuccessGPTScorer"] | components["schemas"]["CustomizedChunkAttributionUtilizationGPTScorer"] | components["schemas"]["CustomizedCompletenessGPTScorer"] | components["schemas"]["CustomizedFactualityGPTScorer"] | components["schemas"]["CustomizedGroundednessGPTScorer"] | components["schemas"]["CustomizedInstructionAdherenceGPTScorer"] | components["schemas"]["CustomizedGroundTruthAdherenceGPTScorer"] | components["schemas"]["CustomizedToolSelectionQualityGPTScorer"] | components["schemas"]["CustomizedToolErrorRateGPTScorer"])[] | null;
            prompt_registered_scorers_configuration?: components["schemas"]["RegisteredScorer"][] | null;
            prompt_scorers_configuration?: components["schemas"]["ScorersConfiguration"] | null;
            rows?: components["schemas"]["ChainRow"][];
            scorers?: (components["schemas"]["AgenticWorkflowSuccessScorer"] | components["schemas"]["BleuScorer"] | components["schemas"]["ChunkAttributionUtilizationScorer"] | components["schemas"]["CompletenessScorer"] | components["schemas"]["ContextAdherenceScorer"] | components["schemas"]["ContextRelevanceScorer"] | components["schemas"]["CorrectnessScorer"] | components["schemas"]["GroundTruthAdherenceScorer"] | components["schemas"]["InputPIIScorer"] | components["schemas"]["InputSexistScorer"] | components["schemas"]["InputToneScorer"] | components["schemas"]["InputToxicityScorer"] | components["schemas"]["InstructionAdherenceScorer"] | components["schemas"]["OutputPIIScorer"] | components["schemas"]["OutputSexistScorer"] | components["schemas"]["OutputToneScorer"] | components["schemas"]["OutputToxicityScorer"] | components["schemas"]["PromptInjectionScorer"] | components["schemas"]["PromptPerplexityScorer"] | components["schemas"]["RougeScorer"] | components["schemas"]["ToolErrorRateScorer"] | components["schemas"]["ToolSelectionQualityScorer"] | components["schemas"]["UncertaintyScorer"])[];
            timeout_minutes?: number;
            total_chains: number;
        };
        /**
         * PromptChainIngestBatchResponse
         * @description The evaluation job started for a batch of chain rows, with a link to its results.
         */
        PromptChainIngestBatchResponse: {
            /** Format: uuid */
            job_id: string;
            link: string;
            message: string;
            num_chains: number;
            num_rows: number;
            total_chains: number;
        };
        /**
         * ModelInfo
         * @description A short description of an LLM: its name, alias, provider and chat roles.
         */
        ModelInfo: {
            alias: string;
            assistant_role?: string | null;
            /** @default openai */
            integration: components["schemas"]["LLMIntegration"];
            name: string;
            /** @default false */
            system_supported: boolean;
            user_role?: string | null;
        };
        /**
         * PutPromptScoreRequest
         * @description Stores scores computed outside the service for a prompt run's rows.
         */
        PutPromptScoreRequest: {
            aggregates?: {
                [key: string]: unknown;
            } | null;
            indices?: number[] | null;
            metric_name?: string | null;
            /** Format: uuid */
            registered_scorer_id?: string | null;
            scores?: unknown[] | null;
        };
        /**
         * PutPromptScoreResponse
         * @description The job that stores externally computed scores.
         */
        PutPromptScoreResponse: {
            /** Format: uuid */
            job_id: string;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            scorer_name: string;
        };
        /**
         * MessageRole
         * @description Who sent a chat message.
         * @enum {string}
         */
        MessageRole: "agent" | "assistant" | "function" | "system" | "tool" | "user";
        /**
         * Message
         * @description One chat message: who sent it and its text.
         */
        Message: {
            content: string;
            role: string | components["schemas"]["MessageRole"];
        };
        /**
         * Messages
         * @description A chat conversation as a list of messages.
         */
        Messages: components["schemas"]["Message"][];
        /**
         * BasePromptTemplateVersionResponse
         * @description One saved version of a prompt template, with its number and text.
         */
        BasePromptTemplateVersionResponse: {
            /**
             * Format: uuid
             * @description The version's ID.
             */
            id: string;
            /** @description The version's text: a string, or a list of chat messages. */
            template: string | components["schemas"]["Messages"];
            /** @description The version's number within its template. */
            version: number;
        };
        /**
         * BasePromptTemplateResponse
         * @description A prompt template: a named, versioned prompt text in a project, with the version used by default and the list of all its versions.
         */
        BasePromptTemplateResponse: {
            /** @description The numbers of all the template's versions. */
            all_available_versions: number[];
            /** @description All the template's versions with their text. */
            all_versions?: components["schemas"]["BasePromptTemplateVersionResponse"][];
            /**
             * Format: uuid
             * @description The template's ID.
             */
            id: string;
            /** @description The highest version number. */
            max_version: number;
            /** @description The template's name. */
            name: string;
            /** @description The version used by default. */
            selected_version: components["schemas"]["BasePromptTemplateVersionResponse"];
            /**
             * Format: uuid
             * @description The ID of the selected version.
             */
            selected_version_id: string;
            /** @description The text of the selected version. */
            template: string;
            /** @description How many versions the template has. */
            total_versions: number;
        };
        /**
         * CreatePromptTemplateWithVersionRequestBody
         * @description A new prompt template: its name and the text of its first version.
         */
        CreatePromptTemplateWithVersionRequestBody: {
            /** @description The template's name. */
            name: string;
            /** @description The first version's text: a string, or a list of chat messages. */
            template: string | components["schemas"]["Messages"];
            /** @description The number to give the first version; left out, the service numbers it. */
            version?: number | null;
        };
        /**
         * DeletePromptResponse
         * @description Confirms that a prompt run was deleted.
         */
        DeletePromptResponse: {
            message: string;
        };
        /**
         * BasePromptTemplateVersion
         * @description The text of a new version of a prompt template, and optionally its number.
         */
        BasePromptTemplateVersion: {
            /** @description The version's text: a string, or a list of chat messages. */
            template: string | components["schemas"]["Messages"];
            /** @description The number to give the version; left out, the next number is used. */
            version?: number | null;
        };
        /**
         * RunTagCreateRequest
         * @description A key/value tag for a run, with its type.
         */
        RunTagCreateRequest: {
            /** @description The tag's key. */
            key: string;
            /** @description A free-form category for the tag. */
            tag_type: string;
            /** @description The tag's value. */
            value: string;
        };
        /**
         * RunCreate
         * @description A new run: its name and task type, and optionally its tags and sample count.
         */
        RunCreate: {
            /**
             * Format: uuid
             * @description The ID of the user to record as the run's creator.
             */
            created_by?: string | null;
            /** @description A hash of the dataset the run is logged with. */
            dataset_hash?: string | null;
            /** @description The run's name. */
            name: string;
            /** @description How many samples the run holds, when known. */
            num_samples?: number | null;
            /** Format: uuid */
            project_id?: string | null;
            /** @description Tags to attach to the new run. */
            run_tags?: components["schemas"]["RunTagCreateRequest"][];
            /** @description The run's machine-learning task, by number. */
            task_type: number;
            /** @description Whether to mark the run as the winner among the project's runs. */
            winner?: boolean | null;
        };
        /**
         * CreateRunResponse
         * @description The run that was just created.
         */
        CreateRunResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
            dataset_hash?: string | null;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            last_updated_by: string;
            name?: string | null;
            num_samples: number;
            /** Format: uuid */
            project_id?: string | null;
            run_tags?: components["schemas"]["RunTagDB"][];
            task_type?: components["schemas"]["TaskType"] | null;
            /** Format: date-time */
            updated_at: string;
            winner: boolean;
        };
        /**
         * DeleteRunsRequest
         * @description Lists the runs to delete.
         */
        DeleteRunsRequest: {
            run_ids: string[];
        };
        /**
         * DeleteRunsResponse
         * @description Confirms that the runs were deleted.
         */
        DeleteRunsResponse: {
            message: string;
        };
        /**
         * GetPromptRun
         * @description A prompt evaluation run with its settings, status and average scores.
         */
        GetPromptRun: {
            average_bleu?: number | null;
            average_cost?: number | null;
            average_hallucination?: number | null;
            average_latency?: number | null;
            average_rouge?: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
            dataset_hash?: string | null;
            /** Format: uuid */
            dataset_id?: string | null;
            /** @default 0 */
            hallucination_severity: number;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            job_id: string;
            job_status: components["schemas"]["JobStatus"];
            /** Format: uuid */
            last_updated_by: string;
            metrics?: {
                [key: string]: number | string | components["schemas"]["FeedbackAggregate"] | null;
            };
            model_alias?: string | null;
            name?: string | null;
            num_samples: number;
            /** Format: uuid */
            project_id?: string | null;
            prompt_customized_scorers_configuration?: (components["schemas"]["CustomizedAgenticWorkflowSuccessGPTScorer"] | components["schemas"]["CustomizedChunkAttributionUtilizationGPTScorer"] | components["schemas"]["CustomizedCompletenessGPTScorer"] | components["schemas"]["CustomizedFactualityGPTScorer"] | components["schemas"]["CustomizedGroundednessGPTScorer"] | components["schemas"]["CustomizedInstructionAdherenceGPTScorer"] | components["schemas"]["CustomizedGroundTruthAdherenceGPTScorer"] | components["schemas"]["CustomizedToolSelectionQualityGPTScorer"] | components["schemas"]["CustomizedToolErrorRateGPTScorer"])[] | null;
            prompt_generated_scorers_configuration?: string[] | null;
            prompt_registered_scorers_configuration?: components["schemas"]["RegisteredScorer"][] | null;
            prompt_scorers_configuration?: components["schemas"]["ScorersConfiguration"];
            prompt_settings?: components["schemas"]["PromptRunSettings"] | null;
            run_tags?: components["schemas"]["RunTagDB"][];
            task_type?: components["schemas"]["TaskType"] | null;
            /** Format: uuid */
            template_id?: string | null;
            template_version?: number | null;
            /** Format: uuid */
            template_version_id?: string | null;
            template_version_selected?: boolean | null;
            total_cost?: number | null;
            /** @default 0 */
            total_responses: number;
            /** Format: date-time */
            updated_at: string;
            winner: boolean;
        };
        /**
         * GetPromptRunsResponse
         * @description A page of prompt evaluation runs.
         */
        GetPromptRunsResponse: {
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            runs?: components["schemas"]["GetPromptRun"][];
            /** @default 0 */
            starting_token: number;
        };
        /**
         * PromptRunColumn
         * @description A column of prompt evaluation runs: its data type, display settings and metric thresholds.
         */
        PromptRunColumn: {
            alert?: components["schemas"]["Alert"] | null;
            /** @default unknown */
            data_type: components["schemas"]["DataTypeOptions"];
            description?: string | null;
            display_values?: (string | null)[] | null;
            /** @default true */
            filterable: boolean;
            group_description?: string | null;
            group_label?: string | null;
            group_name?: string | null;
            job_info?: (components["schemas"]["JobInfo"] | null)[] | null;
            job_type?: components["schemas"]["ScorerType"] | null;
            label?: string | null;
            metric_infos?: (components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"])[];
            metric_threshold?: components["schemas"]["MetricThreshold"] | null;
            name: string;
            /** @default true */
            sortable: boolean;
            values?: (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[][] | (string | number | boolean | components["schemas"]["Segment"] | components["schemas"]["HallucinationSegment"] | components["schemas"]["Document"] | components["schemas"]["FeedbackRatingDB"] | components["schemas"]["FeedbackAggregate"] | null)[][][] | null)[];
        };
        /**
         * GetPromptRunColumnsResponse
         * @description A page of the columns of a prompt evaluation run.
         */
        GetPromptRunColumnsResponse: {
            columns?: components["schemas"]["PromptRunColumn"][];
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            num_filtered_rows?: number | null;
            num_rows?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * RunUpdateRequest
         * @description A new name for a run.
         */
        RunUpdateRequest: {
            /** @description The run's new name. */
            name?: string | null;
        };
        /**
         * UpdateRunResponse
         * @description The run after an update.
         */
        UpdateRunResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
            dataset_hash?: string | null;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            last_updated_by: string;
            name?: string | null;
            num_samples: number;
            /** Format: uuid */
            project_id?: string | null;
            run_tags?: components["schemas"]["RunTagDB"][];
            task_type?: components["schemas"]["TaskType"] | null;
            /** Format: date-time */
            updated_at: string;
            winner: boolean;
        };
        /**
         * DeleteRunResponse
         * @description Confirms that a run was deleted.
         */
        DeleteRunResponse: {
            message: string;
        };
        /**
         * RunLinkResponse
         * @description A link to a run in the console.
         */
        RunLinkResponse: {
            link: string;
        };
        /**
         * TaskResponse
         * @description The tasks logged for a multi-task run.
         */
        TaskResponse: {
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            tasks: string[];
        };
        /**
         * LabelResponse
         * @description The labels logged for a run.
         */
        LabelResponse: {
            labels: unknown[];
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
        };
        /**
         * InferenceNamesResponse
         * @description The inference names logged for a run.
         */
        InferenceNamesResponse: {
            inference_names: string[];
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
        };
        /**
         * GetSplitsResponse
         * @description The splits logged for a run, and the splits that can be compared with inference data.
         */
        GetSplitsResponse: {
            inference_comparison_splits: components["schemas"]["Split"][];
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            splits: components["schemas"]["Split"][];
        };
        /**
         * RunMetricDB
         * @description A metric value recorded for a run under a key, optionally for one training epoch.
         */
        RunMetricDB: {
            /**
             * Format: date-time
             * @description When the metric was first recorded.
             */
            created_at: string;
            /**
             * @description The training epoch the value belongs to.
             * @default 0
             */
            epoch: number;
            /** @description Free-form data stored with the value. */
            extra?: unknown[] | {
                [key: string]: unknown;
            } | null;
            /** @description The metric's name. */
            key: string;
            /** @description A feedback aggregate stored as the metric's value, for metrics that are not a single number. */
            object_value?: components["schemas"]["FeedbackAggregate"] | null;
            /**
             * Format: uuid
             * @description The ID of the run.
             */
            run_id: string;
            /**
             * Format: date-time
             * @description When the metric was last changed.
             */
            updated_at: string;
            /** @description The metric's numeric value. */
            value?: number | null;
        };
        /**
         * RunMetricCreateRequest
         * @description A metric value to record for a run, optionally for one training epoch.
         */
        RunMetricCreateRequest: {
            /**
             * @description The training epoch the value belongs to.
             * @default 0
             */
            epoch?: number;
            /** @description Free-form data to store with the value. */
            extra?: unknown[] | {
                [key: string]: unknown;
            } | null;
            /** @description The metric's name. */
            key: string;
            /** @description A feedback aggregate to store as the metric's value instead of a number. */
            object_value?: components["schemas"]["FeedbackAggregate"] | null;
            /** @description The metric's numeric value. */
            value?: number | null;
        };
        /**
         * GenericAction
         * @description A create, read, update or delete action on a kind of resource.
         * @enum {string}
         */
        GenericAction: "generic_create" | "generic_read" | "generic_update" | "generic_delete";
        /**
         * ResourceKind
         * @description A kind of resource that permissions apply to.
         * @enum {string}
         */
        ResourceKind: "user" | "group" | "group_member" | "project" | "integration" | "registered_scorer" | "generated_scorer" | "api_key" | "dataset";
        /**
         * GenericPermission
         * @description Whether the caller may take an action on a kind of resource, and why not when they may not.
         */
        GenericPermission: {
            action: components["schemas"]["GenericAction"];
            allowed: boolean;
            message?: string | null;
            resource: components["schemas"]["ResourceKind"];
        };
        /**
         * CurrentUserDB
         * @description The signed-in user's account, with the permissions they hold.
         */
        CurrentUserDB: {
            /** @default email */
            auth_method: components["schemas"]["AuthMethod"];
            /** Format: date-time */
            created_at: string;
            /** Format: email */
            email: string;
            email_is_verified?: boolean | null;
            /** @default  */
            first_name: string | null;
            /** @default [] */
            generic_permissions: components["schemas"]["GenericPermission"][];
            /** Format: uuid */
            id: string;
            /** @default  */
            last_name: string | null;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            /** @default read_only */
            role: components["schemas"]["UserRole"];
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * EditExportRequest
         * @description Exports a run's data with its edits applied, as a file.
         */
        EditExportRequest: {
            /** @default false */
            all_but?: boolean;
            /** @default null */
            col_mapping?: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            edit_ids: string[];
            /** @default [] */
            edit_overrides?: components["schemas"]["EditOverride"][] | null;
            /** @default csv */
            file_type?: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format?: boolean;
            /** @default [] */
            include_cols?: string[] | null;
            /** @default 0.5 */
            map_threshold?: number;
            min_reviews?: number | null;
            /** @default false */
            only_export_edited?: boolean | null;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * RemoteEditExportRequest
         * @description Exports a run's edited data to a bucket in cloud storage.
         */
        RemoteEditExportRequest: {
            /** @default false */
            all_but?: boolean;
            bucket_name: string;
            /** @default null */
            col_mapping?: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            edit_ids: string[];
            /** @default [] */
            edit_overrides?: components["schemas"]["EditOverride"][] | null;
            /** @default s3 */
            export_to?: string;
            /** @default csv */
            file_type?: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params?: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format?: boolean;
            /** @default [] */
            include_cols?: string[] | null;
            /** @default 0.5 */
            map_threshold?: number;
            min_reviews?: number | null;
            object_name: string;
            /** @default false */
            only_export_edited?: boolean | null;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * RemoteEditExportResponse
         * @description The settings of an export of edited data to cloud storage.
         */
        RemoteEditExportResponse: {
            /** @default false */
            all_but: boolean;
            bucket_name: string;
            /** @default null */
            col_mapping: {
                [key: string]: string;
            } | null;
            compare_to?: components["schemas"]["Split"] | null;
            edit_ids: string[];
            /** @default [] */
            edit_overrides: components["schemas"]["EditOverride"][] | null;
            /** @default s3 */
            export_to: string;
            /** @default csv */
            file_type: components["schemas"]["FileType"];
            /**
             * @default {
             *       "data_embs": false,
             *       "exclude_ids": [],
             *       "ids": [],
             *       "likely_mislabeled_dep_percentile": 0,
             *       "span_regex": false
             *     }
             */
            filter_params: components["schemas"]["FilterParams"];
            /** @default false */
            hf_format: boolean;
            /** @default [] */
            include_cols: string[] | null;
            /** @default 0.5 */
            map_threshold: number;
            min_reviews?: number | null;
            object_name: string;
            /** @default false */
            only_export_edited: boolean | null;
            tagging_schema?: components["schemas"]["TaggingSchema"] | null;
            task?: string | null;
        };
        /**
         * EditReviewDB
         * @description A review of an edit: who reviewed it and when.
         */
        EditReviewDB: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
        };
        /**
         * EditGetResponse
         * @description A saved edit with its reviewers.
         */
        EditGetResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            edit_action: components["schemas"]["EditAction"];
            edit_spans?: {
                [key: string]: components["schemas"]["EditSpan"][];
            } | null;
            exported: boolean;
            filter?: components["schemas"]["FilterParams"] | null;
            /** Format: uuid */
            id: string;
            inference_name?: string | null;
            map_threshold?: number | null;
            new_label?: string | null;
            note?: string | null;
            /** Format: uuid */
            project_id: string;
            reviewers?: components["schemas"]["EditReviewDB"][];
            /** Format: uuid */
            run_id: string;
            /** @default [] */
            sample_ids: number[];
            search_string?: string | null;
            shift_span_end_num_words?: number | null;
            shift_span_start_num_words?: number | null;
            split: components["schemas"]["Split"];
            task?: string | null;
            text_replacement?: string | null;
            /** @default false */
            use_regex: boolean | null;
        };
        /**
         * EditDeleteResponse
         * @description Confirms that an edit was deleted.
         */
        EditDeleteResponse: {
            message: string;
        };
        /**
         * EditRowData
         * @description One sample as an edit would leave it.
         */
        EditRowData: {
            boxes?: components["schemas"]["BBox"][] | null;
            generated_output: string | null;
            gold?: string | null;
            id: number;
            /** @default  */
            image: string | null;
            input: string | null;
            meta?: {
                [key: string]: unknown;
            } | null;
            pred?: string | null;
            spans?: components["schemas"]["Span"][] | null;
            target: string | null;
            text?: string | null;
        };
        /**
         * EditContent
         * @description A page of the samples an edit changes, with the edit itself.
         */
        EditContent: {
            content: components["schemas"]["EditRowData"][];
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            edit_action: components["schemas"]["EditAction"];
            edit_spans?: {
                [key: string]: components["schemas"]["EditSpan"][];
            } | null;
            exported: boolean;
            filter?: components["schemas"]["FilterParams"] | null;
            has_next_page: boolean;
            /** Format: uuid */
            id: string;
            inference_name?: string | null;
            map_threshold?: number | null;
            new_label?: string | null;
            note?: string | null;
            /** Format: uuid */
            project_id: string;
            /** @default [] */
            reviewers: components["schemas"]["EditReviewDB"][] | null;
            /** Format: uuid */
            run_id: string;
            /** @default [] */
            sample_ids: number[];
            search_string?: string | null;
            shift_span_end_num_words?: number | null;
            shift_span_start_num_words?: number | null;
            split: components["schemas"]["Split"];
            task?: string | null;
            text_replacement?: string | null;
            /** @default false */
            use_regex: boolean | null;
        };
        /**
         * GroupRoleInfo
         * @description A group role with its display name and what it allows.
         */
        GroupRoleInfo: {
            description: string;
            display_name: string;
            name: components["schemas"]["GroupRole"];
        };
        /**
         * ListGroupsResponse
         * @description A page of groups.
         */
        ListGroupsResponse: {
            groups: components["schemas"]["GroupDB"][];
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * GroupMemberCreate
         * @description Adds a user to a group with a role.
         */
        GroupMemberCreate: {
            /** @default member */
            role?: components["schemas"]["GroupRole"];
            /** Format: uuid */
            user_id: string;
        };
        /**
         * GroupCreate
         * @description Creates a group: its name, description, visibility and first members.
         */
        GroupCreate: {
            description?: string | null;
            name: string;
            /** @default [] */
            users?: components["schemas"]["GroupMemberCreate"][];
            /** @default public */
            visibility?: components["schemas"]["GroupVisibility"];
        };
        /**
         * GroupUpdate
         * @description Changes a group's name, description or visibility.
         */
        GroupUpdate: {
            description: string | null;
            name: string;
            visibility: components["schemas"]["GroupVisibility"];
        };
        /**
         * GroupMemberDB
         * @description A member of a group with their role.
         */
        GroupMemberDB: {
            /** Format: date-time */
            created_at: string;
            email: string;
            first_name: string | null;
            group_role: components["schemas"]["GroupRole"];
            /** Format: uuid */
            id: string;
            last_name: string | null;
            /** @default [] */
            permissions: components["schemas"]["Permission"][];
            /** Format: uuid */
            user_id: string;
        };
        /**
         * ListGroupMembersResponse
         * @description A page of a group's members.
         */
        ListGroupMembersResponse: {
            /** @default 100 */
            limit: number;
            members: components["schemas"]["GroupMemberDB"][];
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * GroupMemberUpdate
         * @description Changes a group member's role.
         */
        GroupMemberUpdate: {
            role: components["schemas"]["GroupRole"];
        };
        /**
         * LoginEmailForm
         * @description The form fields of an email and password login (OAuth2 password grant).
         */
        LoginEmailForm: {
            client_id?: string | null;
            client_secret?: string | null;
            grant_type?: string | null;
            password: string;
            /** @default  */
            scope?: string;
            username: string;
        };
        /**
         * Token
         * @description An access token and how to present it.
         */
        Token: {
            access_token: string;
            /** @default bearer */
            token_type: string;
        };
        /**
         * ApiKeyLoginRequest
         * @description Logs in by exchanging an API key for an access token.
         */
        ApiKeyLoginRequest: {
            api_key: string;
        };
        /**
         * UserMetadataFilter
         * @description A filter that keeps monitored rows whose user metadata key matches a value.
         */
        UserMetadataFilter: {
            key: string;
            /**
             * @default user_metadata
             * @constant
             */
            name?: "user_metadata";
            operator: components["schemas"]["MembershipFilterOperator"];
            value: string | string[];
        };
        /**
         * GetObserveWorkflowsRequest
         * @description Asks for a page of monitored workflows that match the given filters.
         */
        GetObserveWorkflowsRequest: {
            filters?: components["schemas"]["UserMetadataFilter"][];
            /** @default 100 */
            limit?: number;
            /** @default 0 */
            starting_token?: number;
        };
        /**
         * StepMetric
         * @description A named metric value on a workflow step.
         */
        StepMetric: {
            name: string;
            /** @description Any JSON value. */
            value: unknown;
        };
        /**
         * BaseServiceStep
         * @description A step of a logged workflow as stored by the service, with its identifiers, metrics and nested steps.
         */
        BaseServiceStep: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns: number;
            ground_truth?: string | null;
            input: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            metadata?: {
                [key: string]: string;
            };
            metrics?: components["schemas"]["StepMetric"][] | null;
            /** @default  */
            name: string;
            /** @default  */
            output: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            /** Format: uuid */
            root_workflow_id?: string | null;
            status_code?: number | null;
            /** Format: uuid */
            step_id?: string | null;
            steps?: components["schemas"]["BaseServiceStep"][] | null;
            /** @default workflow */
            type: components["schemas"]["NodeType"];
            /** Format: uuid */
            workflow_id?: string | null;
        };
        /**
         * WorkflowsReadResponse
         * @description A page of monitored workflows.
         */
        WorkflowsReadResponse: {
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
            workflows: components["schemas"]["BaseServiceStep"][];
        };
        /**
         * StepWithChildren
         * @description A workflow step that can contain child steps.
         */
        StepWithChildren: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns?: number;
            ground_truth?: string | null;
            input: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            metadata?: {
                [key: string]: string;
            };
            /** @default  */
            name?: string;
            /** @default  */
            output?: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            parent?: components["schemas"]["StepWithChildren"] | null;
            status_code?: number | null;
            steps?: (components["schemas"]["WorkflowStep"] | components["schemas"]["ChainStep"] | components["schemas"]["LlmStep"] | components["schemas"]["RetrieverStep"] | components["schemas"]["ToolStep"] | components["schemas"]["AgentStep"])[];
            /** @default workflow */
            type?: components["schemas"]["NodeType"];
        };
        /**
         * WorkflowStep
         * @description A workflow step in a logged workflow: its input, output and timing, and the child steps it ran.
         */
        WorkflowStep: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns?: number;
            ground_truth?: string | null;
            input: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            metadata?: {
                [key: string]: string;
            };
            /** @default  */
            name?: string;
            /** @default  */
            output?: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            parent?: components["schemas"]["StepWithChildren"] | null;
            status_code?: number | null;
            steps?: (components["schemas"]["WorkflowStep"] | components["schemas"]["ChainStep"] | components["schemas"]["LlmStep"] | components["schemas"]["RetrieverStep"] | components["schemas"]["ToolStep"] | components["schemas"]["AgentStep"])[];
            /**
             * @default workflow
             * @constant
             */
            type?: "workflow";
        };
        /**
         * ChainStep
         * @description A chain step in a logged workflow: its input, output and timing, and the child steps it ran.
         */
        ChainStep: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns?: number;
            ground_truth?: string | null;
            input: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            metadata?: {
                [key: string]: string;
            };
            /** @default  */
            name?: string;
            /** @default  */
            output?: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            parent?: components["schemas"]["StepWithChildren"] | null;
            status_code?: number | null;
            steps?: (components["schemas"]["WorkflowStep"] | components["schemas"]["ChainStep"] | components["schemas"]["LlmStep"] | components["schemas"]["RetrieverStep"] | components["schemas"]["ToolStep"] | components["schemas"]["AgentStep"])[];
            /**
             * @default chain
             * @constant
             */
            type?: "chain";
        };
        /**
         * LlmStep
         * @description An LLM call in a logged workflow: its input, output, model, settings and token counts.
         */
        LlmStep: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns?: number;
            ground_truth?: string | null;
            input: string | {
                [key: string]: string;
            } | components["schemas"]["Message"] | string[] | {
                [key: string]: string;
            }[] | components["schemas"]["Message"][];
            input_tokens?: number | null;
            metadata?: {
                [key: string]: string;
            };
            model?: string | null;
            /** @default  */
            name?: string;
            /** @default  */
            output?: string | {
                [key: string]: string;
            } | components["schemas"]["Message"] | string[] | {
                [key: string]: string;
            }[] | components["schemas"]["Message"][];
            output_tokens?: number | null;
            status_code?: number | null;
            temperature?: number | null;
            tools?: {
                [key: string]: unknown;
            }[] | null;
            total_tokens?: number | null;
            /**
             * @default llm
             * @constant
             */
            type?: "llm";
        };
        /**
         * RetrieverStep
         * @description A retrieval step in a logged workflow: the query and the documents it returned.
         */
        RetrieverStep: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns?: number;
            ground_truth?: string | null;
            input: string;
            metadata?: {
                [key: string]: string;
            };
            /** @default  */
            name?: string;
            output?: components["schemas"]["Document"][];
            status_code?: number | null;
            /**
             * @default retriever
             * @constant
             */
            type?: "retriever";
        };
        /**
         * ToolStep
         * @description A tool call in a logged workflow: its input and output.
         */
        ToolStep: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns?: number;
            ground_truth?: string | null;
            input: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            metadata?: {
                [key: string]: string;
            };
            /** @default  */
            name?: string;
            /** @default  */
            output?: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            status_code?: number | null;
            /**
             * @default tool
             * @constant
             */
            type?: "tool";
        };
        /**
         * AgentStep
         * @description An agent step in a logged workflow: its input, output and timing, and the child steps the agent ran.
         */
        AgentStep: {
            created_at_ns?: number;
            /** @default 0 */
            duration_ns?: number;
            ground_truth?: string | null;
            input: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            metadata?: {
                [key: string]: string;
            };
            /** @default  */
            name?: string;
            /** @default  */
            output?: string | components["schemas"]["Document"] | components["schemas"]["Message"] | {
                [key: string]: unknown;
            } | string[] | components["schemas"]["Document"][] | components["schemas"]["Message"][] | {
                [key: string]: string;
            }[] | {
                [key: string]: unknown;
            }[];
            parent?: components["schemas"]["StepWithChildren"] | null;
            status_code?: number | null;
            steps?: (components["schemas"]["WorkflowStep"] | components["schemas"]["ChainStep"] | components["schemas"]["LlmStep"] | components["schemas"]["RetrieverStep"] | components["schemas"]["ToolStep"] | components["schemas"]["AgentStep"])[];
            /**
             * @default agent
             * @constant
             */
            type?: "agent";
        };
        /**
         * WorkflowsIngestRequest
         * @description Logs workflows into a monitoring project.
         */
        WorkflowsIngestRequest: {
            /** Format: uuid */
            project_id?: string | null;
            project_name?: string | null;
            workflows: (components["schemas"]["WorkflowStep"] | components["schemas"]["ChainStep"] | components["schemas"]["LlmStep"] | components["schemas"]["RetrieverStep"] | components["schemas"]["ToolStep"] | components["schemas"]["AgentStep"])[];
        };
        /**
         * WorkflowsIngestResponse
         * @description How many workflows and records were logged.
         */
        WorkflowsIngestResponse: {
            message: string;
            /** Format: uuid */
            project_id: string;
            project_name: string;
            records_count: number;
            workflows_count: number;
        };
        /**
         * Method
         * @description The HTTP method a pre-signed address is issued for: GET or PUT.
         * @enum {string}
         */
        Method: "GET" | "PUT";
        /**
         * GetPresignedUrlResponse
         * @description A pre-signed address for downloading or uploading a file directly.
         */
        GetPresignedUrlResponse: {
            url: string;
        };
        /**
         * Aggregator
         * @description How values are combined in an alert window: count, sum, average, maximum or minimum.
         * @enum {string}
         */
        Aggregator: "count" | "sum" | "avg" | "max" | "min";
        /**
         * AlertConditionType
         * @description The kind of value an alert condition evaluates (a numeric or string metric, a numeric root field, or a metric holding an array of strings), with its version.
         * @enum {string}
         */
        AlertConditionType: "metric/numeric/1" | "metric/string/1" | "root/numeric/1" | "metric/array_string/1";
        /**
         * AlertCondition
         * @description One condition of an alert: the field and filter it watches, how values are aggregated over the window, and the threshold that triggers it.
         */
        AlertCondition: {
            aggregation: components["schemas"]["Aggregator"] | string;
            /** @default metric/numeric/1 */
            condition_type?: components["schemas"]["AlertConditionType"];
            field: string;
            filter_operator?: components["schemas"]["Operator"] | null;
            filter_value?: string | number | null;
            operator: components["schemas"]["Operator"];
            value: number | string;
            window: number;
        };
        /**
         * AlertMonitorType
         * @description The kind of monitor an alert configuration uses, with its version.
         * @enum {string}
         */
        AlertMonitorType: "multi_condition/object/1";
        /**
         * AlertConfigurationResponse
         * @description A saved alert configuration of a project, with its conditions, check interval and trigger history.
         */
        AlertConfigurationResponse: {
            active?: boolean | null;
            alert_sent?: boolean | null;
            conditions?: components["schemas"]["AlertCondition"][] | null;
            counter?: number | null;
            counter_since_last_sent?: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by: string;
            /** Format: uuid */
            id: string;
            interval?: number | null;
            /** Format: date-time */
            last_sent?: string | null;
            /** Format: date-time */
            last_triggered?: string | null;
            /** Format: uuid */
            processed_by?: string | null;
            /** Format: uuid */
            project_id: string;
            schema_version?: components["schemas"]["AlertMonitorType"] | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * ListAlertConfigurationsResponse
         * @description A page of a project's alert configurations.
         */
        ListAlertConfigurationsResponse: {
            alerts?: components["schemas"]["AlertConfigurationResponse"][];
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            /** @default 0 */
            starting_token: number;
        };
        /**
         * CreateAlertConfigurationRequest
         * @description Creates an alert configuration for a project: its conditions and how often to check them.
         */
        CreateAlertConfigurationRequest: {
            conditions: components["schemas"]["AlertCondition"][];
            /** Format: uuid */
            created_by?: string | null;
            interval: number;
            /** Format: uuid */
            project_id?: string | null;
            /** @default multi_condition/object/1 */
            schema_version?: components["schemas"]["AlertMonitorType"];
        };
        /**
         * AlertStatusResponse
         * @description The result of changing an insight alert's status, with a message.
         */
        AlertStatusResponse: {
            id?: string | null;
            message?: string | null;
            status?: string | null;
        };
        /**
         * UpdateAlertConfigurationRequest
         * @description Changes an alert configuration.
         */
        UpdateAlertConfigurationRequest: {
            active?: boolean | null;
            alert_sent?: boolean | null;
            conditions?: components["schemas"]["AlertCondition"][] | null;
            counter?: number | null;
            counter_since_last_sent?: number | null;
            interval?: number | null;
            /** Format: date-time */
            last_sent?: string | null;
            /** Format: date-time */
            last_triggered?: string | null;
            /** Format: uuid */
            processed_by?: string | null;
            schema_version?: components["schemas"]["AlertMonitorType"] | null;
        };
        /**
         * FieldType
         * @description The value type of a field.
         * @enum {string}
         */
        FieldType: "int" | "float" | "string" | "array" | "bool";
        /**
         * QueryFilterV1
         * @description A filter on one column of monitored rows, optionally on a field inside a JSON column.
         */
        QueryFilterV1: {
            alternate_json_field?: string | null;
            col_name: string;
            json_field?: string | null;
            json_field_type?: components["schemas"]["FieldType"] | null;
            operator: components["schemas"]["Operator"];
            /** @description Any JSON value. */
            value: unknown;
            /** @default false */
            value_is_column?: boolean | null;
        };
        /**
         * SortDirection
         * @description A sort direction.
         * @enum {string}
         */
        SortDirection: "asc" | "desc";
        /**
         * SortClause
         * @description Sorts monitored rows by one column, optionally by a field inside a JSON column.
         */
        SortClause: {
            col_name: string;
            json_field?: string | null;
            json_field_type?: components["schemas"]["FieldType"] | null;
            sort_dir: components["schemas"]["SortDirection"];
        };
        /**
         * TransactionRowsRequestBody
         * @description Selects monitored rows: the columns to return, filters and sort order.
         */
        TransactionRowsRequestBody: {
            columns?: string[] | null;
            filters?: components["schemas"]["QueryFilterV1"][];
            /**
             * @default [
             *       {
             *         "col_name": "created_at",
             *         "sort_dir": "desc"
             *       }
             *     ]
             */
            sort_spec?: components["schemas"]["SortClause"][];
        };
        /**
         * TransactionMetricInfo
         * @description The status and value of each metric computed for a monitored record.
         */
        TransactionMetricInfo: {
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            agentic_workflow_success: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_attribution: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_length: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_relevance: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_relevant: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_relevant_substrings: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_relevant_substrings_offsets: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_utilization: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_utilized: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_utilized_substrings: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunk_utilized_substrings_offsets: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunks_attributed: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunks_length: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunks_unattributed: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            chunks_utilized: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            completeness_gpt: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            cost: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            factuality: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            groundedness: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            input_pii: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            input_pii_spans: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            input_pii_spans_offset: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            input_pii_spans_prob: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            input_sexist: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            input_tone: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            input_toxicity: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            instruction_adherence: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            latency: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            pii: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            pii_spans: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            pii_spans_offset: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            pii_spans_prob: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            prompt_injection: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            prompt_perplexity: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            protect_status: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            rag_nli_non_adherent_substrings: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            rag_nli_non_adherent_substrings_offsets: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            retriever_attribution: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            retriever_utilization: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            sexist: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            tone: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            tool_error_rate: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            tool_selection_quality: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
            /**
             * @default {
             *       "message": "Metric not computed.",
             *       "status_type": "not_computed"
             *     }
             */
            toxicity: components["schemas"]["MetricNotComputed"] | components["schemas"]["MetricPending"] | components["schemas"]["MetricComputing"] | components["schemas"]["MetricNotApplicable"] | components["schemas"]["MetricSuccess"] | components["schemas"]["MetricError"] | components["schemas"]["MetricFailed"];
        };
        /**
         * TransactionRecordStatus
         * @description Whether a monitored record's metrics have been computed.
         * @enum {string}
         */
        TransactionRecordStatus: "unprocessed" | "processing" | "processed";
        /**
         * TransactionRecordDB
         * @description A monitored record (one LLM call or chain node) with its input, output, metrics and feedback.
         */
        TransactionRecordDB: {
            /** Format: uuid */
            chain_id?: string | null;
            /** Format: uuid */
            chain_root_id?: string | null;
            /** Format: date-time */
            created_at: string;
            feedback_ratings?: {
                [key: string]: components["schemas"]["FeedbackRatingDB"];
            };
            finish_reason?: string | null;
            has_children?: boolean | null;
            /** Format: uuid */
            id: string;
            input_text: string;
            latency_ms?: number | null;
            metric_info: components["schemas"]["TransactionMetricInfo"];
            /** Format: uuid */
            metrics_batch_id?: string | null;
            /** @default unprocessed */
            metrics_status: components["schemas"]["TransactionRecordStatus"];
            model?: string | null;
            /** Format: uuid */
            node_id: string;
            node_name?: string | null;
            node_type: components["schemas"]["NodeType"];
            num_input_tokens?: number | null;
            num_output_tokens?: number | null;
            num_total_tokens?: number | null;
            output_logprobs?: {
                [key: string]: unknown;
            } | null;
            output_text?: string | null;
            /** Format: uuid */
            project_id: string;
            status_code?: number | null;
            tags?: string[] | null;
            temperature?: number | null;
            time_to_first_token_ms?: number | null;
            tools?: string | null;
            /** Format: date-time */
            updated_at: string;
            user_metadata?: {
                [key: string]: string;
            } | null;
            version?: string | null;
        };
        /**
         * TransactionRecordsResponse
         * @description A page of monitored records, with their columns and the values available for filtering.
         */
        TransactionRecordsResponse: {
            columns: {
                [key: string]: {
                    [key: string]: string;
                };
            };
            filter_options?: {
                [key: string]: string[];
            };
            /** @default 100 */
            limit: number;
            next_starting_token?: number | null;
            /** @default false */
            paginated: boolean;
            rows: components["schemas"]["TransactionRecordDB"][];
            /** @default 0 */
            starting_token: number;
        };
        /**
         * DatabricksObserveExportRequest
         * @description Exports monitored rows to a Databricks table, with the columns, filters and sort order to use.
         */
        DatabricksObserveExportRequest: {
            catalog_name?: string | null;
            columns?: string[] | null;
            database_name: string;
            filters?: components["schemas"]["QueryFilterV1"][];
            /**
             * @default [
             *       {
             *         "col_name": "created_at",
             *         "sort_dir": "desc"
             *       }
             *     ]
             */
            sort_spec?: components["schemas"]["SortClause"][];
            table_name: string;
        };
        /**
         * FilterOptionsResponse
         * @description The values available for filtering monitored rows.
         */
        FilterOptionsResponse: {
            filter_options?: {
                [key: string]: string[];
            };
        };
        /**
         * TransactionLoggingMethod
         * @description How monitored records were logged.
         * @enum {string}
         */
        TransactionLoggingMethod: "py_langchain" | "py_langchain_async" | "js_langchain" | "py_logger" | "js_logger" | "api_direct" | "workflows";
        /**
         * TransactionRecordIngest
         * @description A monitored record (one LLM call or chain node) to log.
         */
        TransactionRecordIngest: {
            /** Format: uuid */
            chain_id?: string | null;
            /** Format: uuid */
            chain_root_id?: string | null;
            /** Format: date-time */
            created_at: string;
            finish_reason?: string | null;
            has_children?: boolean | null;
            input_text: string;
            latency_ms?: number | null;
            model?: string | null;
            /** Format: uuid */
            node_id: string;
            node_name?: string | null;
            node_type: components["schemas"]["NodeType"];
            num_input_tokens?: number | null;
            num_output_tokens?: number | null;
            num_total_tokens?: number | null;
            output_logprobs?: {
                [key: string]: unknown;
            } | null;
            output_text?: string | null;
            status_code?: number | null;
            tags?: string[] | null;
            temperature?: number | null;
            time_to_first_token_ms?: number | null;
            tools?: string | null;
            user_metadata?: {
                [key: string]: string;
            } | null;
            version?: string | null;
        };
        /**
         * TransactionRecordBatch
         * @description A batch of monitored records to log, with how they were logged.
         */
        TransactionRecordBatch: {
            client_version?: string | null;
            /** @default api_direct */
            logging_method?: components["schemas"]["TransactionLoggingMethod"];
            records: components["schemas"]["TransactionRecordIngest"][];
        };
        /**
         * ProjectIntegration
         * @description The models and scorer models a project can use through one integration.
         */
        ProjectIntegration: {
            models: string[];
            scorer_models: string[];
        };
        /**
         * ProjectIntegrationsResponse
         * @description The integrations a project can use, by name.
         */
        ProjectIntegrationsResponse: {
            integrations: {
                [key: string]: components["schemas"]["ProjectIntegration"];
            };
        };
        /**
         * MetricCritiqueColumn
         * @description A column whose metric explanations a user can critique, and whether a critique is being processed.
         */
        MetricCritiqueColumn: {
            col_name: string;
            metric_critique_computing: boolean;
        };
        /**
         * MetricCritiqueColumns
         * @description The columns whose metric explanations can be critiqued.
         */
        MetricCritiqueColumns: {
            metric_critique_columns: components["schemas"]["MetricCritiqueColumn"][];
        };
        /**
         * FiltersRequestBody
         * @description A list of filters over monitored rows.
         */
        FiltersRequestBody: {
            filters?: components["schemas"]["QueryFilterV1"][];
        };
        /**
         * AggregateMetrics
         * @description Averages of each monitored metric over the rows selected by a metrics query.
         */
        AggregateMetrics: {
            average_agentic_workflow_success?: number | null;
            average_completeness_gpt?: number | null;
            average_factuality?: number | null;
            average_groundedness?: number | null;
            average_input_sexist?: number | null;
            average_input_token_length?: number | null;
            average_input_toxicity?: number | null;
            average_instruction_adherence?: number | null;
            average_latency?: number | null;
            average_output_token_length?: number | null;
            average_prompt_perplexity?: number | null;
            average_retriever_attribution?: number | null;
            average_retriever_utilization?: number | null;
            average_sexist?: number | null;
            average_tool_error_rate?: number | null;
            average_tool_selection_quality?: number | null;
            average_total_token_length?: number | null;
            average_toxicity?: number | null;
            /** @default 0 */
            failures_count: number | null;
            /** @default 0 */
            requests_count: number | null;
            /** @default 0 */
            total_cost: number | null;
        };
        /**
         * BucketedMetrics
         * @description Averages of each monitored metric over one time bucket.
         */
        BucketedMetrics: {
            average_agentic_workflow_success?: number | null;
            average_completeness_gpt?: number | null;
            average_factuality?: number | null;
            average_groundedness?: number | null;
            average_input_sexist?: number | null;
            average_input_token_length?: number | null;
            average_input_toxicity?: number | null;
            average_instruction_adherence?: number | null;
            average_latency?: number | null;
            average_output_token_length?: number | null;
            average_prompt_perplexity?: number | null;
            average_retriever_attribution?: number | null;
            average_retriever_utilization?: number | null;
            average_sexist?: number | null;
            average_tool_error_rate?: number | null;
            average_tool_selection_quality?: number | null;
            average_total_token_length?: number | null;
            average_toxicity?: number | null;
            /** Format: date-time */
            end_bucket_time: string;
            /** @default 0 */
            failures_count: number | null;
            input_pii_values_count?: string | null;
            input_tone_values_count?: string | null;
            pii_values_count?: string | null;
            prompt_injection_values_count?: string | null;
            /** @default 0 */
            requests_count: number | null;
            /** Format: date-time */
            start_bucket_time: string;
            tone_values_count?: string | null;
            /** @default 0 */
            total_cost: number | null;
        };
        /**
         * TransactionMetricsResponse
         * @description Metrics of monitored records: overall averages and averages per time bucket.
         */
        TransactionMetricsResponse: {
            aggregate_metrics: components["schemas"]["AggregateMetrics"];
            bucketed_metrics: {
                [key: string]: components["schemas"]["BucketedMetrics"][];
            };
            group_by_columns: string[];
        };
        /**
         * WorkflowCountResponse
         * @description How many monitored workflows match, and whether that exceeds the row limit.
         */
        WorkflowCountResponse: {
            count: number;
            /** @default 512 */
            max_rows: number;
            /** @default false */
            max_rows_exceeded: boolean;
        };
        /**
         * FeatureColumnsResponse
         * @description The feature column names logged for a run.
         */
        FeatureColumnsResponse: {
            feature_names: string[];
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
        };
        /**
         * EvaluateAlertDB
         * @description An alert on a prompt evaluation run: the field it watches and the filter that triggers it.
         */
        EvaluateAlertDB: {
            alert_name: string;
            /** Format: date-time */
            created_at: string;
            description: string;
            extra?: {
                [key: string]: unknown;
            } | null;
            field_name: string;
            filter: components["schemas"]["RangePromptFilterParam"] | components["schemas"]["ValuePromptFilterParam"] | components["schemas"]["CategoricalPromptFilterParam"];
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * EditCreateRequest
         * @description Creates an edit: the action to apply and the samples it applies to.
         */
        EditCreateRequest: {
            edit_action: components["schemas"]["EditAction"];
            edit_spans?: {
                [key: string]: components["schemas"]["EditSpan"][];
            } | null;
            filter?: components["schemas"]["FilterParams"] | null;
            map_threshold?: number | null;
            new_label?: string | null;
            note?: string | null;
            /** @default [] */
            sample_ids?: number[];
            search_string?: string | null;
            shift_span_end_num_words?: number | null;
            shift_span_start_num_words?: number | null;
            task?: string | null;
            text_replacement?: string | null;
            /** @default false */
            use_regex?: boolean | null;
        };
        /**
         * EditCreateResponse
         * @description The edit that was just created.
         */
        EditCreateResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            edit_action: components["schemas"]["EditAction"];
            edit_spans?: {
                [key: string]: components["schemas"]["EditSpan"][];
            } | null;
            exported: boolean;
            filter?: components["schemas"]["FilterParams"] | null;
            /** Format: uuid */
            id: string;
            inference_name?: string | null;
            map_threshold?: number | null;
            new_label?: string | null;
            note?: string | null;
            /** Format: uuid */
            project_id: string;
            /** Format: uuid */
            run_id: string;
            /** @default [] */
            sample_ids: number[];
            search_string?: string | null;
            shift_span_end_num_words?: number | null;
            shift_span_start_num_words?: number | null;
            split: components["schemas"]["Split"];
            task?: string | null;
            text_replacement?: string | null;
            /** @default false */
            use_regex: boolean | null;
        };
        /**
         * EditExportDB
         * @description A record that an edit was exported, with who exported it and when.
         */
        EditExportDB: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            edit_id: string;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id?: string | null;
        };
        /**
         * SliceDB
         * @description A slice: a named, saved set of filters over a project's data.
         */
        SliceDB: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            /** Format: uuid */
            id: string;
            logic: components["schemas"]["FilterParams"];
            name: string;
            /** Format: uuid */
            project_id?: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * SliceCreate
         * @description Creates a slice: a named, saved set of filters over a project's data.
         */
        SliceCreate: {
            /** Format: uuid */
            created_by?: string | null;
            logic: components["schemas"]["FilterParams"];
            name: string;
            /** Format: uuid */
            project_id?: string | null;
        };
        /**
         * SliceCreateResponse
         * @description The slice that was just created.
         */
        SliceCreateResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            /** Format: uuid */
            id: string;
            logic: components["schemas"]["FilterParams"];
            name: string;
            /** Format: uuid */
            project_id?: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * SliceUpdate
         * @description Changes a slice's name or filters.
         */
        SliceUpdate: {
            /** Format: uuid */
            created_by?: string | null;
            logic: components["schemas"]["FilterParams"];
            name: string;
            /** Format: uuid */
            project_id?: string | null;
        };
        /**
         * SliceUpdateResponse
         * @description The slice after an update.
         */
        SliceUpdateResponse: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            created_by?: string | null;
            /** Format: uuid */
            id: string;
            logic: components["schemas"]["FilterParams"];
            name: string;
            /** Format: uuid */
            project_id?: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * SliceDeleteResponse
         * @description Confirms that a slice was deleted.
         */
        SliceDeleteResponse: {
            message: string;
        };
        /**
         * EmailVerificationRequest
         * @description Asks for a verification email to be sent to an address.
         */
        EmailVerificationRequest: {
            /** Format: email */
            email: string;
        };
    };
    responses: {
        /**
         * @description Too many requests in too short a time. Wait as long as `Retry-After` says, then repeat the
         *     request.
         */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Too many requests"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /**
         * @description The service failed while handling the request. Requests that are safe to repeat may be retried
         *     after a short wait.
         */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Internal server error"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /**
         * @description The request carried no credential, or one the service rejected (an unknown or revoked API key,
         *     a wrong password, an expired or malformed JWT). Fetch a new JWT if yours has expired.
         */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Not authenticated"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /**
         * @description A parameter or the body did not validate. Each entry of `detail` names the input at fault
         *     (`loc`) and says why (`msg`).
         */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": [
                 *         {
                 *           "loc": [
                 *             "query",
                 *             "user_email"
                 *           ],
                 *           "msg": "value is not a valid email address",
                 *           "type": "value_error"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["HTTPValidationError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /**
         * @description How long to wait before trying again: a number of seconds, or an HTTP date after which the
         *     request may be repeated.
         * @example 2
         */
        RetryAfter: number | string;
        /**
         * @description `no-store`: the response holds a credential, so no cache, proxy or browser may keep a copy.
         * @example no-store
         */
        CacheControlNoStore: "no-store";
        /**
         * @description The authentication schemes the API accepts for this request, as a challenge (for example
         *     `Basic realm="api"` or `Bearer`).
         * @example Bearer
         */
        WWWAuthenticate: string;
    };
    pathItems: never;
}
export type HealthcheckResponse = components['schemas']['HealthcheckResponse'];
export type ErrorBody = components['schemas']['ErrorBody'];
export type GetTokenResponse = components['schemas']['GetTokenResponse'];
export type DatasetType = components['schemas']['DatasetType'];
export type ValidationRequest = components['schemas']['ValidationRequest'];
export type ValidationResponse = components['schemas']['ValidationResponse'];
export type ValidationError = components['schemas']['ValidationError'];
export type HTTPValidationError = components['schemas']['HTTPValidationError'];
export type TrainResponse = components['schemas']['TrainResponse'];
export type TrainJobStatusResponse = components['schemas']['TrainJobStatusResponse'];
export type TrainJobAuthTokenResponse = components['schemas']['TrainJobAuthTokenResponse'];
export type CollaboratorRole = components['schemas']['CollaboratorRole'];
export type CollaboratorRoleInfo = components['schemas']['CollaboratorRoleInfo'];
export type ProjectType = components['schemas']['ProjectType'];
export type UserAction = components['schemas']['UserAction'];
export type GroupAction = components['schemas']['GroupAction'];
export type GroupMemberAction = components['schemas']['GroupMemberAction'];
export type ProjectAction = components['schemas']['ProjectAction'];
export type RegisteredScorerAction = components['schemas']['RegisteredScorerAction'];
export type ApiKeyAction = components['schemas']['ApiKeyAction'];
export type GeneratedScorerAction = components['schemas']['GeneratedScorerAction'];
export type DatasetAction = components['schemas']['DatasetAction'];
export type Permission = components['schemas']['Permission'];
export type AuthMethod = components['schemas']['AuthMethod'];
export type UserRole = components['schemas']['UserRole'];
export type UserDB = components['schemas']['UserDB'];
export type RunTagDB = components['schemas']['RunTagDB'];
export type TaskType = components['schemas']['TaskType'];
export type RunDB = components['schemas']['RunDB'];
export type ProjectDB = components['schemas']['ProjectDB'];
export type ProjectCreate = components['schemas']['ProjectCreate'];
export type ProjectCreateResponse = components['schemas']['ProjectCreateResponse'];
export type ProjectIDFilter = components['schemas']['ProjectIDFilter'];
export type TextFilterOperator = components['schemas']['TextFilterOperator'];
export type ProjectNameFilter = components['schemas']['ProjectNameFilter'];
export type MembershipFilterOperator = components['schemas']['MembershipFilterOperator'];
export type ProjectTypeFilter = components['schemas']['ProjectTypeFilter'];
export type ProjectCreatorFilter = components['schemas']['ProjectCreatorFilter'];
export type ComparisonFilterOperator = components['schemas']['ComparisonFilterOperator'];
export type ProjectCreatedAtFilter = components['schemas']['ProjectCreatedAtFilter'];
export type ProjectUpdatedAtFilter = components['schemas']['ProjectUpdatedAtFilter'];
export type RangeFilterOperator = components['schemas']['RangeFilterOperator'];
export type ProjectRunsFilter = components['schemas']['ProjectRunsFilter'];
export type ProjectBookmarkFilter = components['schemas']['ProjectBookmarkFilter'];
export type ProjectNameSort = components['schemas']['ProjectNameSort'];
export type ProjectTypeSort = components['schemas']['ProjectTypeSort'];
export type ProjectCreatedAtSort = components['schemas']['ProjectCreatedAtSort'];
export type ProjectUpdatedAtSort = components['schemas']['ProjectUpdatedAtSort'];
export type ProjectRunsSort = components['schemas']['ProjectRunsSort'];
export type ProjectBookmarkSort = components['schemas']['ProjectBookmarkSort'];
export type ProjectCollectionParams = components['schemas']['ProjectCollectionParams'];
export type GetProjectsPaginatedResponse = components['schemas']['GetProjectsPaginatedResponse'];
export type RunDBThin = components['schemas']['RunDBThin'];
export type ProjectDBThin = components['schemas']['ProjectDBThin'];
export type ProjectUpdate = components['schemas']['ProjectUpdate'];
export type ProjectUpdateResponse = components['schemas']['ProjectUpdateResponse'];
export type ProjectDeleteResponse = components['schemas']['ProjectDeleteResponse'];
export type ProjectFileUploadForm = components['schemas']['ProjectFileUploadForm'];
export type UserCollaborator = components['schemas']['UserCollaborator'];
export type ListUserCollaboratorsResponse = components['schemas']['ListUserCollaboratorsResponse'];
export type UserCollaboratorCreate = components['schemas']['UserCollaboratorCreate'];
export type GroupCollaborator = components['schemas']['GroupCollaborator'];
export type ListGroupCollaboratorsResponse = components['schemas']['ListGroupCollaboratorsResponse'];
export type GroupCollaboratorCreate = components['schemas']['GroupCollaboratorCreate'];
export type CollaboratorUpdate = components['schemas']['CollaboratorUpdate'];
export type UserRoleInfo = components['schemas']['UserRoleInfo'];
export type CreateSignupLinkResponse = components['schemas']['CreateSignupLinkResponse'];
export type InviteUsersRequest = components['schemas']['InviteUsersRequest'];
export type GetUserResponse = components['schemas']['GetUserResponse'];
export type GetUsersResponse = components['schemas']['GetUsersResponse'];
export type UserCreate = components['schemas']['UserCreate'];
export type CreateUserResponse = components['schemas']['CreateUserResponse'];
export type DeleteUserResponse = components['schemas']['DeleteUserResponse'];
export type SocialProvider = components['schemas']['SocialProvider'];
export type SocialLoginRequest = components['schemas']['SocialLoginRequest'];
export type UserUpdate = components['schemas']['UserUpdate'];
export type UpdateUserResponse = components['schemas']['UpdateUserResponse'];
export type RunDBThinWithProjectName = components['schemas']['RunDBThinWithProjectName'];
export type GetUserLatestRunsDB = components['schemas']['GetUserLatestRunsDB'];
export type PasswordResetResponse = components['schemas']['PasswordResetResponse'];
export type PasswordResetEmailResponse = components['schemas']['PasswordResetEmailResponse'];
export type UserPasswordResetRequest = components['schemas']['UserPasswordResetRequest'];
export type UserPasswordResetResponse = components['schemas']['UserPasswordResetResponse'];
export type TransferUserResponse = components['schemas']['TransferUserResponse'];
export type GroupRole = components['schemas']['GroupRole'];
export type GroupVisibility = components['schemas']['GroupVisibility'];
export type GroupDB = components['schemas']['GroupDB'];
export type RangePromptFilterParam = components['schemas']['RangePromptFilterParam'];
export type Operator = components['schemas']['Operator'];
export type ValuePromptFilterParam = components['schemas']['ValuePromptFilterParam'];
export type CategoryFilterOperator = components['schemas']['CategoryFilterOperator'];
export type CategoricalPromptFilterParam = components['schemas']['CategoricalPromptFilterParam'];
export type PromptFilterParams = components['schemas']['PromptFilterParams'];
export type InsightType = components['schemas']['InsightType'];
export type MetricThreshold = components['schemas']['MetricThreshold'];
export type MetricInsight = components['schemas']['MetricInsight'];
export type PromptDatasetDB = components['schemas']['PromptDatasetDB'];
export type ListPromptDatasetResponse = components['schemas']['ListPromptDatasetResponse'];
export type DatasetFormat = components['schemas']['DatasetFormat'];
export type PromptDatasetUploadForm = components['schemas']['PromptDatasetUploadForm'];
export type PromptDatasetUpdateForm = components['schemas']['PromptDatasetUpdateForm'];
export type Metrics = components['schemas']['Metrics'];
export type NodeType = components['schemas']['NodeType'];
export type HallucinationSegment = components['schemas']['HallucinationSegment'];
export type PromptRow = components['schemas']['PromptRow'];
export type GetPromptRowsResponse = components['schemas']['GetPromptRowsResponse'];
export type LLMExportFormat = components['schemas']['LLMExportFormat'];
export type Alert = components['schemas']['Alert'];
export type DataTypeOptions = components['schemas']['DataTypeOptions'];
export type JobStatus = components['schemas']['JobStatus'];
export type ScorerType = components['schemas']['ScorerType'];
export type JobInfo = components['schemas']['JobInfo'];
export type MetricNotComputed = components['schemas']['MetricNotComputed'];
export type MetricPending = components['schemas']['MetricPending'];
export type MetricComputing = components['schemas']['MetricComputing'];
export type MetricNotApplicable = components['schemas']['MetricNotApplicable'];
export type MetricCritiqueContent = components['schemas']['MetricCritiqueContent'];
export type MetricCritiqueColumnar = components['schemas']['MetricCritiqueColumnar'];
export type Segment = components['schemas']['Segment'];
export type Document = components['schemas']['Document'];
export type LikeDislikeRating = components['schemas']['LikeDislikeRating'];
export type StarRating = components['schemas']['StarRating'];
export type ScoreRating = components['schemas']['ScoreRating'];
export type TagsRating = components['schemas']['TagsRating'];
export type TextRating = components['schemas']['TextRating'];
export type FeedbackRatingDB = components['schemas']['FeedbackRatingDB'];
export type LikeDislikeAggregate = components['schemas']['LikeDislikeAggregate'];
export type StarAggregate = components['schemas']['StarAggregate'];
export type ScoreAggregate = components['schemas']['ScoreAggregate'];
export type TagsAggregate = components['schemas']['TagsAggregate'];
export type FeedbackAggregate = components['schemas']['FeedbackAggregate'];
export type MetricSuccess = components['schemas']['MetricSuccess'];
export type MetricError = components['schemas']['MetricError'];
export type MetricFailed = components['schemas']['MetricFailed'];
export type PromptRowColumn = components['schemas']['PromptRowColumn'];
export type GetPromptRowsColumnarResponse = components['schemas']['GetPromptRowsColumnarResponse'];
export type PromptSampleIDs = components['schemas']['PromptSampleIDs'];
export type PromptGroupResponse = components['schemas']['PromptGroupResponse'];
export type LikeDislikeConstraints = components['schemas']['LikeDislikeConstraints'];
export type StarConstraints = components['schemas']['StarConstraints'];
export type ScoreConstraints = components['schemas']['ScoreConstraints'];
export type TagsConstraints = components['schemas']['TagsConstraints'];
export type TextConstraints = components['schemas']['TextConstraints'];
export type FeedbackTemplateDB = components['schemas']['FeedbackTemplateDB'];
export type FeedbackTemplateCreate = components['schemas']['FeedbackTemplateCreate'];
export type FeedbackTemplateUpdate = components['schemas']['FeedbackTemplateUpdate'];
export type FeedbackRatingCreate = components['schemas']['FeedbackRatingCreate'];
export type Split = components['schemas']['Split'];
export type LassoSelection = components['schemas']['LassoSelection'];
export type MetaFilter = components['schemas']['MetaFilter'];
export type FilterParams = components['schemas']['FilterParams'];
export type SummaryRequest = components['schemas']['SummaryRequest'];
export type BBox = components['schemas']['BBox'];
export type TopKToken = components['schemas']['TopKToken'];
export type Seq2SeqSegment = components['schemas']['Seq2SeqSegment'];
export type NoiseType = components['schemas']['NoiseType'];
export type SemSegErrorType = components['schemas']['SemSegErrorType'];
export type PolygonSize = components['schemas']['PolygonSize'];
export type PolygonData = components['schemas']['PolygonData'];
export type Span = components['schemas']['Span'];
export type DataRow = components['schemas']['DataRow'];
export type InferenceModelMetrics = components['schemas']['InferenceModelMetrics'];
export type InferenceResults = components['schemas']['InferenceResults'];
export type InferenceRunResults = components['schemas']['InferenceRunResults'];
export type RunResults = components['schemas']['RunResults'];
export type SplitRunResults = components['schemas']['SplitRunResults'];
export type InsightSummaryResults = components['schemas']['InsightSummaryResults'];
export type ContentRequest = components['schemas']['ContentRequest'];
export type GroupByMetrics = components['schemas']['GroupByMetrics'];
export type SummaryIDRequest = components['schemas']['SummaryIDRequest'];
export type SummaryIDResponse = components['schemas']['SummaryIDResponse'];
export type FilterPercentageRequest = components['schemas']['FilterPercentageRequest'];
export type FilterPercentageResponse = components['schemas']['FilterPercentageResponse'];
export type ThresholdRequest = components['schemas']['ThresholdRequest'];
export type ThresholdResponse = components['schemas']['ThresholdResponse'];
export type EditAction = components['schemas']['EditAction'];
export type EditSummary = components['schemas']['EditSummary'];
export type Distribution = components['schemas']['Distribution'];
export type MultiLabelTaskMetrics = components['schemas']['MultiLabelTaskMetrics'];
export type ModelMetrics = components['schemas']['ModelMetrics'];
export type SliceMetrics = components['schemas']['SliceMetrics'];
export type ProjectRunSummary = components['schemas']['ProjectRunSummary'];
export type CompareRunsResponse = components['schemas']['CompareRunsResponse'];
export type DistributionRequest = components['schemas']['DistributionRequest'];
export type MetricsRequest = components['schemas']['MetricsRequest'];
export type MetricsResponse = components['schemas']['MetricsResponse'];
export type TargetLabels = components['schemas']['TargetLabels'];
export type LabelCoOccurences = components['schemas']['LabelCoOccurences'];
export type MultiLabelCoOccurrence = components['schemas']['MultiLabelCoOccurrence'];
export type SimilarToResponse = components['schemas']['SimilarToResponse'];
export type CBOClusterRequest = components['schemas']['CBOClusterRequest'];
export type CBORunCluster = components['schemas']['CBORunCluster'];
export type CBOClusterResponse = components['schemas']['CBOClusterResponse'];
export type CartographCluster = components['schemas']['CartographCluster'];
export type CartographClusterResponse = components['schemas']['CartographClusterResponse'];
export type CommunityResponse = components['schemas']['CommunityResponse'];
export type TopInsightsRequest = components['schemas']['TopInsightsRequest'];
export type TopInsightsResponse = components['schemas']['TopInsightsResponse'];
export type InsightChartRequest = components['schemas']['InsightChartRequest'];
export type InsightChartResponse = components['schemas']['InsightChartResponse'];
export type ExtraAlertFilters = components['schemas']['ExtraAlertFilters'];
export type AlertImportance = components['schemas']['AlertImportance'];
export type XRayClass = components['schemas']['XRayClass'];
export type XRayCardDB = components['schemas']['XRayCardDB'];
export type BarChart = components['schemas']['BarChart'];
export type MAPResponse = components['schemas']['MAPResponse'];
export type SegmentationMetricsResponse = components['schemas']['SegmentationMetricsResponse'];
export type Seq2SeqMetricsResponse = components['schemas']['Seq2SeqMetricsResponse'];
export type DataRows = components['schemas']['DataRows'];
export type ErrorDistribution = components['schemas']['ErrorDistribution'];
export type IntegrationName = components['schemas']['IntegrationName'];
export type IntegrationDB = components['schemas']['IntegrationDB'];
export type AvailableIntegrations = components['schemas']['AvailableIntegrations'];
export type AwsCredentialType = components['schemas']['AwsCredentialType'];
export type AwsBedrockIntegration = components['schemas']['AwsBedrockIntegration'];
export type ModelCostBy = components['schemas']['ModelCostBy'];
export type InputMap = components['schemas']['InputMap'];
export type LLMIntegration = components['schemas']['LLMIntegration'];
export type OutputMap = components['schemas']['OutputMap'];
export type RunParamsMap = components['schemas']['RunParamsMap'];
export type Model = components['schemas']['Model'];
export type AwsSageMakerIntegration = components['schemas']['AwsSageMakerIntegration'];
export type AzureAuthenticationType = components['schemas']['AzureAuthenticationType'];
export type AzureModelDeployment = components['schemas']['AzureModelDeployment'];
export type AzureIntegration = components['schemas']['AzureIntegration'];
export type DatabricksIntegration = components['schemas']['DatabricksIntegration'];
export type LabelStudioIntegration = components['schemas']['LabelStudioIntegration'];
export type OpenAIIntegration = components['schemas']['OpenAIIntegration'];
export type VertexAIIntegration = components['schemas']['VertexAIIntegration'];
export type WriterIntegration = components['schemas']['WriterIntegration'];
export type AnthropicIntegration = components['schemas']['AnthropicIntegration'];
export type MistralIntegration = components['schemas']['MistralIntegration'];
export type IntegrationSettings = components['schemas']['IntegrationSettings'];
export type AnthropicIntegrationCreate = components['schemas']['AnthropicIntegrationCreate'];
export type BaseAwsIntegrationCreate = components['schemas']['BaseAwsIntegrationCreate'];
export type AwsSageMakerIntegrationCreate = components['schemas']['AwsSageMakerIntegrationCreate'];
export type AzureIntegrationCreate = components['schemas']['AzureIntegrationCreate'];
export type LabelStudioIntegrationCreate = components['schemas']['LabelStudioIntegrationCreate'];
export type MistralIntegrationCreate = components['schemas']['MistralIntegrationCreate'];
export type OpenAIIntegrationCreate = components['schemas']['OpenAIIntegrationCreate'];
export type VertexAIIntegrationCreate = components['schemas']['VertexAIIntegrationCreate'];
export type WriterIntegrationCreate = components['schemas']['WriterIntegrationCreate'];
export type DatabricksIntegrationCreate = components['schemas']['DatabricksIntegrationCreate'];
export type FileType = components['schemas']['FileType'];
export type TaggingSchema = components['schemas']['TaggingSchema'];
export type DatabricksExportRequest = components['schemas']['DatabricksExportRequest'];
export type DatabricksExportResponse = components['schemas']['DatabricksExportResponse'];
export type EditSpan = components['schemas']['EditSpan'];
export type EditOverride = components['schemas']['EditOverride'];
export type DatabricksEditExportRequest = components['schemas']['DatabricksEditExportRequest'];
export type DatabricksEditExportResponse = components['schemas']['DatabricksEditExportResponse'];
export type DatabricksUnityCatalogExportResponse = components['schemas']['DatabricksUnityCatalogExportResponse'];
export type DatabricksUnityCatalogEditExportRequest = components['schemas']['DatabricksUnityCatalogEditExportRequest'];
export type DatabricksUnityCatalogExportEditsResponse = components['schemas']['DatabricksUnityCatalogExportEditsResponse'];
export type LabelStudioProject = components['schemas']['LabelStudioProject'];
export type LabelStudioExportRequest = components['schemas']['LabelStudioExportRequest'];
export type NodeNameFilter = components['schemas']['NodeNameFilter'];
export type MetadataFilter = components['schemas']['MetadataFilter'];
export type GeneratedScorerConfig = components['schemas']['GeneratedScorerConfig'];
export type FewShotExample = components['schemas']['FewShotExample'];
export type AgenticWorkflowSuccessTemplate = components['schemas']['AgenticWorkflowSuccessTemplate'];
export type OpenAIFunction = components['schemas']['OpenAIFunction'];
export type OpenAIToolChoice = components['schemas']['OpenAIToolChoice'];
export type PromptRunSettings = components['schemas']['PromptRunSettings'];
export type ScorerName = components['schemas']['ScorerName'];
export type CustomizedAgenticWorkflowSuccessGPTScorer = components['schemas']['CustomizedAgenticWorkflowSuccessGPTScorer'];
export type ChunkAttributionUtilizationTemplate = components['schemas']['ChunkAttributionUtilizationTemplate'];
export type CustomizedChunkAttributionUtilizationGPTScorer = components['schemas']['CustomizedChunkAttributionUtilizationGPTScorer'];
export type CompletenessTemplate = components['schemas']['CompletenessTemplate'];
export type CustomizedCompletenessGPTScorer = components['schemas']['CustomizedCompletenessGPTScorer'];
export type FactualityTemplate = components['schemas']['FactualityTemplate'];
export type CustomizedFactualityGPTScorer = components['schemas']['CustomizedFactualityGPTScorer'];
export type GroundednessTemplate = components['schemas']['GroundednessTemplate'];
export type CustomizedGroundednessGPTScorer = components['schemas']['CustomizedGroundednessGPTScorer'];
export type InstructionAdherenceTemplate = components['schemas']['InstructionAdherenceTemplate'];
export type CustomizedInstructionAdherenceGPTScorer = components['schemas']['CustomizedInstructionAdherenceGPTScorer'];
export type GroundTruthAdherenceTemplate = components['schemas']['GroundTruthAdherenceTemplate'];
export type CustomizedGroundTruthAdherenceGPTScorer = components['schemas']['CustomizedGroundTruthAdherenceGPTScorer'];
export type ToolSelectionQualityTemplate = components['schemas']['ToolSelectionQualityTemplate'];
export type CustomizedToolSelectionQualityGPTScorer = components['schemas']['CustomizedToolSelectionQualityGPTScorer'];
export type ToolErrorRateTemplate = components['schemas']['ToolErrorRateTemplate'];
export type CustomizedToolErrorRateGPTScorer = components['schemas']['CustomizedToolErrorRateGPTScorer'];
export type RegisteredScorer = components['schemas']['RegisteredScorer'];
export type ScorersConfiguration = components['schemas']['ScorersConfiguration'];
export type ChainRow = components['schemas']['ChainRow'];
export type AgenticWorkflowSuccessScorer = components['schemas']['AgenticWorkflowSuccessScorer'];
export type BleuScorer = components['schemas']['BleuScorer'];
export type ScorerVariant = components['schemas']['ScorerVariant'];
export type ChunkAttributionUtilizationScorer = components['schemas']['ChunkAttributionUtilizationScorer'];
export type CompletenessScorer = components['schemas']['CompletenessScorer'];
export type ContextAdherenceScorer = components['schemas']['ContextAdherenceScorer'];
export type ContextRelevanceScorer = components['schemas']['ContextRelevanceScorer'];
export type CorrectnessScorer = components['schemas']['CorrectnessScorer'];
export type GroundTruthAdherenceScorer = components['schemas']['GroundTruthAdherenceScorer'];
export type InputPIIScorer = components['schemas']['InputPIIScorer'];
export type InputSexistScorer = components['schemas']['InputSexistScorer'];
export type InputToneScorer = components['schemas']['InputToneScorer'];
export type InputToxicityScorer = components['schemas']['InputToxicityScorer'];
export type InstructionAdherenceScorer = components['schemas']['InstructionAdherenceScorer'];
export type OutputPIIScorer = components['schemas']['OutputPIIScorer'];
export type OutputSexistScorer = components['schemas']['OutputSexistScorer'];
export type OutputToneScorer = components['schemas']['OutputToneScorer'];
export type OutputToxicityScorer = components['schemas']['OutputToxicityScorer'];
export type PromptInjectionScorer = components['schemas']['PromptInjectionScorer'];
export type PromptPerplexityScorer = components['schemas']['PromptPerplexityScorer'];
export type RougeScorer = components['schemas']['RougeScorer'];
export type ToolErrorRateScorer = components['schemas']['ToolErrorRateScorer'];
export type ToolSelectionQualityScorer = components['schemas']['ToolSelectionQualityScorer'];
export type UncertaintyScorer = components['schemas']['UncertaintyScorer'];
export type PromptChainIngestRequest = components['schemas']['PromptChainIngestRequest'];
export type PromptChainIngestResponse = components['schemas']['PromptChainIngestResponse'];
export type PromptChainIngestBatchRequest = components['schemas']['PromptChainIngestBatchRequest'];
export type PromptChainIngestBatchResponse = components['schemas']['PromptChainIngestBatchResponse'];
export type ModelInfo = components['schemas']['ModelInfo'];
export type PutPromptScoreRequest = components['schemas']['PutPromptScoreRequest'];
export type PutPromptScoreResponse = components['schemas']['PutPromptScoreResponse'];
export type MessageRole = components['schemas']['MessageRole'];
export type Message = components['schemas']['Message'];
export type Messages = components['schemas']['Messages'];
export type BasePromptTemplateVersionResponse = components['schemas']['BasePromptTemplateVersionResponse'];
export type BasePromptTemplateResponse = components['schemas']['BasePromptTemplateResponse'];
export type CreatePromptTemplateWithVersionRequestBody = components['schemas']['CreatePromptTemplateWithVersionRequestBody'];
export type DeletePromptResponse = components['schemas']['DeletePromptResponse'];
export type BasePromptTemplateVersion = components['schemas']['BasePromptTemplateVersion'];
export type RunTagCreateRequest = components['schemas']['RunTagCreateRequest'];
export type RunCreate = components['schemas']['RunCreate'];
export type CreateRunResponse = components['schemas']['CreateRunResponse'];
export type DeleteRunsRequest = components['schemas']['DeleteRunsRequest'];
export type DeleteRunsResponse = components['schemas']['DeleteRunsResponse'];
export type GetPromptRun = components['schemas']['GetPromptRun'];
export type GetPromptRunsResponse = components['schemas']['GetPromptRunsResponse'];
export type PromptRunColumn = components['schemas']['PromptRunColumn'];
export type GetPromptRunColumnsResponse = components['schemas']['GetPromptRunColumnsResponse'];
export type RunUpdateRequest = components['schemas']['RunUpdateRequest'];
export type UpdateRunResponse = components['schemas']['UpdateRunResponse'];
export type DeleteRunResponse = components['schemas']['DeleteRunResponse'];
export type RunLinkResponse = components['schemas']['RunLinkResponse'];
export type TaskResponse = components['schemas']['TaskResponse'];
export type LabelResponse = components['schemas']['LabelResponse'];
export type InferenceNamesResponse = components['schemas']['InferenceNamesResponse'];
export type GetSplitsResponse = components['schemas']['GetSplitsResponse'];
export type RunMetricDB = components['schemas']['RunMetricDB'];
export type RunMetricCreateRequest = components['schemas']['RunMetricCreateRequest'];
export type GenericAction = components['schemas']['GenericAction'];
export type ResourceKind = components['schemas']['ResourceKind'];
export type GenericPermission = components['schemas']['GenericPermission'];
export type CurrentUserDB = components['schemas']['CurrentUserDB'];
export type EditExportRequest = components['schemas']['EditExportRequest'];
export type RemoteEditExportRequest = components['schemas']['RemoteEditExportRequest'];
export type RemoteEditExportResponse = components['schemas']['RemoteEditExportResponse'];
export type EditReviewDB = components['schemas']['EditReviewDB'];
export type EditGetResponse = components['schemas']['EditGetResponse'];
export type EditDeleteResponse = components['schemas']['EditDeleteResponse'];
export type EditRowData = components['schemas']['EditRowData'];
export type EditContent = components['schemas']['EditContent'];
export type GroupRoleInfo = components['schemas']['GroupRoleInfo'];
export type ListGroupsResponse = components['schemas']['ListGroupsResponse'];
export type GroupMemberCreate = components['schemas']['GroupMemberCreate'];
export type GroupCreate = components['schemas']['GroupCreate'];
export type GroupUpdate = components['schemas']['GroupUpdate'];
export type GroupMemberDB = components['schemas']['GroupMemberDB'];
export type ListGroupMembersResponse = components['schemas']['ListGroupMembersResponse'];
export type GroupMemberUpdate = components['schemas']['GroupMemberUpdate'];
export type LoginEmailForm = components['schemas']['LoginEmailForm'];
export type Token = components['schemas']['Token'];
export type ApiKeyLoginRequest = components['schemas']['ApiKeyLoginRequest'];
export type UserMetadataFilter = components['schemas']['UserMetadataFilter'];
export type GetObserveWorkflowsRequest = components['schemas']['GetObserveWorkflowsRequest'];
export type StepMetric = components['schemas']['StepMetric'];
export type BaseServiceStep = components['schemas']['BaseServiceStep'];
export type WorkflowsReadResponse = components['schemas']['WorkflowsReadResponse'];
export type StepWithChildren = components['schemas']['StepWithChildren'];
export type WorkflowStep = components['schemas']['WorkflowStep'];
export type ChainStep = components['schemas']['ChainStep'];
export type LlmStep = components['schemas']['LlmStep'];
export type RetrieverStep = components['schemas']['RetrieverStep'];
export type ToolStep = components['schemas']['ToolStep'];
export type AgentStep = components['schemas']['AgentStep'];
export type WorkflowsIngestRequest = components['schemas']['WorkflowsIngestRequest'];
export type WorkflowsIngestResponse = components['schemas']['WorkflowsIngestResponse'];
export type Method = components['schemas']['Method'];
export type GetPresignedUrlResponse = components['schemas']['GetPresignedUrlResponse'];
export type Aggregator = components['schemas']['Aggregator'];
export type AlertConditionType = components['schemas']['AlertConditionType'];
export type AlertCondition = components['schemas']['AlertCondition'];
export type AlertMonitorType = components['schemas']['AlertMonitorType'];
export type AlertConfigurationResponse = components['schemas']['AlertConfigurationResponse'];
export type ListAlertConfigurationsResponse = components['schemas']['ListAlertConfigurationsResponse'];
export type CreateAlertConfigurationRequest = components['schemas']['CreateAlertConfigurationRequest'];
export type AlertStatusResponse = components['schemas']['AlertStatusResponse'];
export type UpdateAlertConfigurationRequest = components['schemas']['UpdateAlertConfigurationRequest'];
export type FieldType = components['schemas']['FieldType'];
export type QueryFilterV1 = components['schemas']['QueryFilterV1'];
export type SortDirection = components['schemas']['SortDirection'];
export type SortClause = components['schemas']['SortClause'];
export type TransactionRowsRequestBody = components['schemas']['TransactionRowsRequestBody'];
export type TransactionMetricInfo = components['schemas']['TransactionMetricInfo'];
export type TransactionRecordStatus = components['schemas']['TransactionRecordStatus'];
export type TransactionRecordDB = components['schemas']['TransactionRecordDB'];
export type TransactionRecordsResponse = components['schemas']['TransactionRecordsResponse'];
export type DatabricksObserveExportRequest = components['schemas']['DatabricksObserveExportRequest'];
export type FilterOptionsResponse = components['schemas']['FilterOptionsResponse'];
export type TransactionLoggingMethod = components['schemas']['TransactionLoggingMethod'];
export type TransactionRecordIngest = components['schemas']['TransactionRecordIngest'];
export type TransactionRecordBatch = components['schemas']['TransactionRecordBatch'];
export type ProjectIntegration = components['schemas']['ProjectIntegration'];
export type ProjectIntegrationsResponse = components['schemas']['ProjectIntegrationsResponse'];
export type MetricCritiqueColumn = components['schemas']['MetricCritiqueColumn'];
export type MetricCritiqueColumns = components['schemas']['MetricCritiqueColumns'];
export type FiltersRequestBody = components['schemas']['FiltersRequestBody'];
export type AggregateMetrics = components['schemas']['AggregateMetrics'];
export type BucketedMetrics = components['schemas']['BucketedMetrics'];
export type TransactionMetricsResponse = components['schemas']['TransactionMetricsResponse'];
export type WorkflowCountResponse = components['schemas']['WorkflowCountResponse'];
export type FeatureColumnsResponse = components['schemas']['FeatureColumnsResponse'];
export type EvaluateAlertDB = components['schemas']['EvaluateAlertDB'];
export type EditCreateRequest = components['schemas']['EditCreateRequest'];
export type EditCreateResponse = components['schemas']['EditCreateResponse'];
export type EditExportDB = components['schemas']['EditExportDB'];
export type SliceDB = components['schemas']['SliceDB'];
export type SliceCreate = components['schemas']['SliceCreate'];
export type SliceCreateResponse = components['schemas']['SliceCreateResponse'];
export type SliceUpdate = components['schemas']['SliceUpdate'];
export type SliceUpdateResponse = components['schemas']['SliceUpdateResponse'];
export type SliceDeleteResponse = components['schemas']['SliceDeleteResponse'];
export type EmailVerificationRequest = components['schemas']['EmailVerificationRequest'];
export type ResponseTooManyRequests = components['responses']['TooManyRequests'];
export type ResponseInternalServerError = components['responses']['InternalServerError'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponseValidationFailed = components['responses']['ValidationFailed'];
export type HeaderRetryAfter = components['headers']['RetryAfter'];
export type HeaderCacheControlNoStore = components['headers']['CacheControlNoStore'];
export type HeaderWwwAuthenticate = components['headers']['WWWAuthenticate'];
export type $defs = Record<string, never>;
export interface operations {
    healthcheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is running. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "api_version": "1.0.0",
                     *       "message": "ok",
                     *       "version": "2.14.0"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthcheckResponse"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new JWT and its expiry. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJleGFtcGxlIn0.c2lnbmF0dXJl",
                     *       "token_type": "bearer",
                     *       "expires_at": "2026-03-05T14:32:10Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GetTokenResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    validateDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description Whether the dataset is training data or inference data. */
                training_or_inference: components["schemas"]["DatasetType"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidationRequest"];
            };
        };
        responses: {
            /** @description The dataset is acceptable: the file name to use and the address to upload it to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "filename": "train.csv",
                     *       "upload_url": "https://storage.example.com/uploads/train.csv?signature=example-signature"
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    startTrainingJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The kind of training to start; the service does not publish the accepted values. */
                training_mode: string;
            };
            cookie?: never;
        };
        /** @description Free-form settings; the service does not publish their fields. */
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The ID of the training job that was started. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e7f8091a-8f90-4a1b-b3c4-d5e6f708192a"
                     *     }
                     */
                    "application/json": components["schemas"]["TrainResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    trainingStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The training job's ID. */
                training_job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The training job's current status and its earlier states. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e7f8091a-8f90-4a1b-b3c4-d5e6f708192a",
                     *       "status": "in_progress",
                     *       "status_message": "Training epoch 2 of 5.",
                     *       "history": [],
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "project_name": "support-bot-eval",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "run_name": "baseline-2026-03-04"
                     *     }
                     */
                    "application/json": components["schemas"]["TrainJobStatusResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTokenForTrainingJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The training job's ID. */
                training_job_id: string;
            };
            cookie?: never;
        };
        /** @description Free-form settings; the service does not publish their fields. */
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description A token for the training job and the address of its file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "file_url": "https://storage.example.com/training/support-bot-eval/train.csv",
                     *       "token": "example-token"
                     *     }
                     */
                    "application/json": components["schemas"]["TrainJobAuthTokenResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getCollaboratorRoles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every collaborator role, with its display name and what it allows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "owner",
                     *         "display_name": "Owner",
                     *         "description": "Full control, including sharing and deleting the project."
                     *       },
                     *       {
                     *         "name": "editor",
                     *         "display_name": "Editor",
                     *         "description": "Can change the project and its runs."
                     *       },
                     *       {
                     *         "name": "annotator",
                     *         "display_name": "Annotator",
                     *         "description": "Can view the project and record feedback."
                     *       },
                     *       {
                     *         "name": "viewer",
                     *         "display_name": "Viewer",
                     *         "description": "Can view the project."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CollaboratorRoleInfo"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjects: {
        parameters: {
            query?: {
                /** @description Only the project with this name. */
                project_name?: string | null;
                /** @description Only projects of this type. */
                type?: components["schemas"]["ProjectType"] | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects the caller can see, each with its runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *         "name": "support-bot-eval",
                     *         "type": "prompt_evaluation",
                     *         "bookmark": true,
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-02-10T09:15:00Z",
                     *         "updated_at": "2026-03-05T08:05:44Z",
                     *         "permissions": [
                     *           {
                     *             "action": "update",
                     *             "allowed": true
                     *           },
                     *           {
                     *             "action": "delete",
                     *             "allowed": false,
                     *             "message": "Only project owners can delete a project."
                     *           }
                     *         ],
                     *         "runs": [
                     *           {
                     *             "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *             "name": "baseline-2026-03-04",
                     *             "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *             "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "creator": {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "email": "ada@acme.example",
                     *               "first_name": "Ada",
                     *               "last_name": "Lovelace",
                     *               "auth_method": "email",
                     *               "email_is_verified": true,
                     *               "role": "admin",
                     *               "created_at": "2026-02-10T09:15:00Z",
                     *               "updated_at": "2026-03-04T14:32:10Z"
                     *             },
                     *             "num_samples": 250,
                     *             "winner": false,
                     *             "dataset_hash": null,
                     *             "logged_splits": [
                     *               "training",
                     *               "validation"
                     *             ],
                     *             "logged_inference_names": [],
                     *             "run_tags": [
                     *               {
                     *                 "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *                 "key": "model",
                     *                 "value": "gpt-4o-mini",
                     *                 "tag_type": "generic",
                     *                 "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *                 "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *                 "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *                 "created_at": "2026-03-04T14:32:10Z",
                     *                 "updated_at": "2026-03-04T14:32:10Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-03-04T14:32:10Z",
                     *             "updated_at": "2026-03-05T08:05:44Z"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ProjectDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectCreate"];
            };
        };
        responses: {
            /** @description The new project. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "name": "support-bot-eval",
                     *       "type": "prompt_evaluation",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "updated_at": "2026-02-10T09:15:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectCreateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectsPaginated: {
        parameters: {
            query?: {
                /** @description Actions to check the caller's permission for on each returned project. */
                actions?: components["schemas"]["ProjectAction"][];
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ProjectCollectionParams"];
            };
        };
        responses: {
            /** @description One page of the matching projects. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "projects": [
                     *         {
                     *           "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *           "name": "support-bot-eval",
                     *           "type": "prompt_evaluation",
                     *           "bookmark": true,
                     *           "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "created_at": "2026-02-10T09:15:00Z",
                     *           "updated_at": "2026-03-05T08:05:44Z",
                     *           "permissions": [
                     *             {
                     *               "action": "update",
                     *               "allowed": true
                     *             },
                     *             {
                     *               "action": "delete",
                     *               "allowed": false,
                     *               "message": "Only project owners can delete a project."
                     *             }
                     *           ],
                     *           "runs": [
                     *             {
                     *               "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *               "name": "baseline-2026-03-04",
                     *               "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *               "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "creator": {
                     *                 "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *                 "email": "ada@acme.example",
                     *                 "first_name": "Ada",
                     *                 "last_name": "Lovelace",
                     *                 "auth_method": "email",
                     *                 "email_is_verified": true,
                     *                 "role": "admin",
                     *                 "created_at": "2026-02-10T09:15:00Z",
                     *                 "updated_at": "2026-03-04T14:32:10Z"
                     *               },
                     *               "num_samples": 250,
                     *               "winner": false,
                     *               "dataset_hash": null,
                     *               "logged_splits": [
                     *                 "training",
                     *                 "validation"
                     *               ],
                     *               "logged_inference_names": [],
                     *               "run_tags": [
                     *                 {
                     *                   "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *                   "key": "model",
                     *                   "value": "gpt-4o-mini",
                     *                   "tag_type": "generic",
                     *                   "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *                   "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *                   "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *                   "created_at": "2026-03-04T14:32:10Z",
                     *                   "updated_at": "2026-03-04T14:32:10Z"
                     *                 }
                     *               ],
                     *               "created_at": "2026-03-04T14:32:10Z",
                     *               "updated_at": "2026-03-05T08:05:44Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["GetProjectsPaginatedResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getAllProjects: {
        parameters: {
            query?: {
                /** @description Only projects of this type. */
                type?: components["schemas"]["ProjectType"] | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every project the caller can see, each with a short form of its runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *         "name": "support-bot-eval",
                     *         "type": "prompt_evaluation",
                     *         "bookmark": true,
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-02-10T09:15:00Z",
                     *         "updated_at": "2026-03-05T08:05:44Z",
                     *         "permissions": [
                     *           {
                     *             "action": "update",
                     *             "allowed": true
                     *           },
                     *           {
                     *             "action": "delete",
                     *             "allowed": false,
                     *             "message": "Only project owners can delete a project."
                     *           }
                     *         ],
                     *         "runs": [
                     *           {
                     *             "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *             "name": "baseline-2026-03-04",
                     *             "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *             "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "creator": {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "email": "ada@acme.example",
                     *               "first_name": "Ada",
                     *               "last_name": "Lovelace",
                     *               "auth_method": "email",
                     *               "email_is_verified": true,
                     *               "role": "admin",
                     *               "created_at": "2026-02-10T09:15:00Z",
                     *               "updated_at": "2026-03-04T14:32:10Z"
                     *             },
                     *             "num_samples": 250,
                     *             "winner": false,
                     *             "dataset_hash": null,
                     *             "run_tags": [
                     *               {
                     *                 "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *                 "key": "model",
                     *                 "value": "gpt-4o-mini",
                     *                 "tag_type": "generic",
                     *                 "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *                 "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *                 "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *                 "created_at": "2026-03-04T14:32:10Z",
                     *                 "updated_at": "2026-03-04T14:32:10Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-03-04T14:32:10Z",
                     *             "updated_at": "2026-03-05T08:05:44Z"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ProjectDBThin"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project with its runs and the caller's permissions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "name": "support-bot-eval",
                     *       "type": "prompt_evaluation",
                     *       "bookmark": true,
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "updated_at": "2026-03-05T08:05:44Z",
                     *       "permissions": [
                     *         {
                     *           "action": "update",
                     *           "allowed": true
                     *         },
                     *         {
                     *           "action": "delete",
                     *           "allowed": false,
                     *           "message": "Only project owners can delete a project."
                     *         }
                     *       ],
                     *       "runs": [
                     *         {
                     *           "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *           "name": "baseline-2026-03-04",
                     *           "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *           "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "creator": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "email": "ada@acme.example",
                     *             "first_name": "Ada",
                     *             "last_name": "Lovelace",
                     *             "auth_method": "email",
                     *             "email_is_verified": true,
                     *             "role": "admin",
                     *             "created_at": "2026-02-10T09:15:00Z",
                     *             "updated_at": "2026-03-04T14:32:10Z"
                     *           },
                     *           "num_samples": 250,
                     *           "winner": false,
                     *           "dataset_hash": null,
                     *           "logged_splits": [
                     *             "training",
                     *             "validation"
                     *           ],
                     *           "logged_inference_names": [],
                     *           "run_tags": [
                     *             {
                     *               "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *               "key": "model",
                     *               "value": "gpt-4o-mini",
                     *               "tag_type": "generic",
                     *               "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *               "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *               "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "created_at": "2026-03-04T14:32:10Z",
                     *               "updated_at": "2026-03-04T14:32:10Z"
                     *             }
                     *           ],
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "updated_at": "2026-03-05T08:05:44Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectUpdate"];
            };
        };
        responses: {
            /** @description The project as it is after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "name": "support-bot-eval-2026",
                     *       "type": "prompt_evaluation",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "updated_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectUpdateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that the project was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Project support-bot-eval was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectDeleteResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ProjectFileUploadForm"];
            };
        };
        responses: {
            /** @description The file was stored. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listUserProjectCollaborators: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the users who collaborate on the project. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "collaborators": [
                     *         {
                     *           "id": "c5d6e7f8-6d7e-4f80-91a2-b3c4d5e6f708",
                     *           "user_id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *           "email": "grace@acme.example",
                     *           "first_name": "Grace",
                     *           "last_name": "Hopper",
                     *           "role": "editor",
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "permissions": [
                     *             {
                     *               "action": "update",
                     *               "allowed": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["ListUserCollaboratorsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createUserProjectCollaborators: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCollaboratorCreate"][];
            };
        };
        responses: {
            /** @description The collaborator entries that were created, one per user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "c5d6e7f8-6d7e-4f80-91a2-b3c4d5e6f708",
                     *         "user_id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *         "email": "grace@acme.example",
                     *         "first_name": "Grace",
                     *         "last_name": "Hopper",
                     *         "role": "editor",
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "permissions": [
                     *           {
                     *             "action": "update",
                     *             "allowed": true
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["UserCollaborator"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listGroupProjectCollaborators: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the groups that collaborate on the project. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "collaborators": [
                     *         {
                     *           "id": "d6e7f809-7e8f-4091-a2b3-c4d5e6f70819",
                     *           "group_id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *           "group_name": "ml-platform",
                     *           "role": "viewer",
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "permissions": [
                     *             {
                     *               "action": "update",
                     *               "allowed": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["ListGroupCollaboratorsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createGroupProjectCollaborators: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupCollaboratorCreate"][];
            };
        };
        responses: {
            /** @description The collaborator entries that were created, one per group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "d6e7f809-7e8f-4091-a2b3-c4d5e6f70819",
                     *         "group_id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *         "group_name": "ml-platform",
                     *         "role": "viewer",
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "permissions": [
                     *           {
                     *             "action": "update",
                     *             "allowed": true
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["GroupCollaborator"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteUserProjectCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The ID of the user to remove. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user no longer has a role on the project. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateUserProjectCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The ID of the collaborating user. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CollaboratorUpdate"];
            };
        };
        responses: {
            /** @description The user's collaborator entry with its new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "c5d6e7f8-6d7e-4f80-91a2-b3c4d5e6f708",
                     *       "user_id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "email": "grace@acme.example",
                     *       "first_name": "Grace",
                     *       "last_name": "Hopper",
                     *       "role": "viewer",
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "permissions": [
                     *         {
                     *           "action": "update",
                     *           "allowed": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["UserCollaborator"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteGroupProjectCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The ID of the group to remove. */
                group_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group no longer has a role on the project. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateGroupProjectCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The ID of the collaborating group. */
                group_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CollaboratorUpdate"];
            };
        };
        responses: {
            /** @description The group's collaborator entry with its new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d6e7f809-7e8f-4091-a2b3-c4d5e6f70819",
                     *       "group_id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *       "group_name": "ml-platform",
                     *       "role": "editor",
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "permissions": [
                     *         {
                     *           "action": "update",
                     *           "allowed": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GroupCollaborator"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    bookmarkProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project is bookmarked. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    unbookmarkProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bookmark is cleared. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getUserRoles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every user role, with its display name and what it allows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "admin",
                     *         "display_name": "Admin",
                     *         "description": "Manages users, groups and every project."
                     *       },
                     *       {
                     *         "name": "manager",
                     *         "display_name": "Manager",
                     *         "description": "Manages users and can see every project."
                     *       },
                     *       {
                     *         "name": "user",
                     *         "display_name": "User",
                     *         "description": "Creates projects and works in those shared with them."
                     *       },
                     *       {
                     *         "name": "read_only",
                     *         "display_name": "Read only",
                     *         "description": "Views the projects shared with them."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["UserRoleInfo"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    requestAccess: {
        parameters: {
            query: {
                /** @description The email address of the person asking for access. */
                user_email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request was recorded. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    generateSignupLink: {
        parameters: {
            query: {
                /**
                 * @description The email address of the person to sign up.
                 * @example new.user@acme.example
                 */
                user_email: string;
                /** @description Whether the service emails the signup link to `user_email`. */
                send_email?: boolean;
                /**
                 * @description An optional scope for the signup. The service's brief documents this parameter without
                 *     listing its values; leave it out (null) unless you have been given one.
                 */
                scope?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user entry was created (unverified) and here is its signup link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "signup_url": "https://console.acme.example/signup?token=3f1c9a0e-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateSignupLinkResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    inviteUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteUsersRequest"];
            };
        };
        responses: {
            /** @description The invitations were created. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the organisation's users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "users": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "email": "ada@acme.example",
                     *           "first_name": "Ada",
                     *           "last_name": "Lovelace",
                     *           "auth_method": "email",
                     *           "email_is_verified": true,
                     *           "role": "admin",
                     *           "created_at": "2026-02-10T09:15:00Z",
                     *           "updated_at": "2026-03-04T14:32:10Z",
                     *           "projects_count": 4,
                     *           "runs_count": 37,
                     *           "permissions": [
                     *             {
                     *               "action": "update",
                     *               "allowed": true
                     *             },
                     *             {
                     *               "action": "read_api_keys",
                     *               "allowed": true
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *           "email": "grace@acme.example",
                     *           "first_name": "Grace",
                     *           "last_name": "Hopper",
                     *           "auth_method": "google",
                     *           "email_is_verified": true,
                     *           "role": "user",
                     *           "created_at": "2026-01-20T11:00:00Z",
                     *           "updated_at": "2026-02-28T16:45:00Z",
                     *           "projects_count": 1,
                     *           "runs_count": 5
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["GetUsersResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrVerifyUser: {
        parameters: {
            query?: {
                /** @description The token carried by a signup link; when present, the matching unverified entry is verified. */
                signup_token?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The new or newly verified user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "email": "grace@acme.example",
                     *       "first_name": "Grace",
                     *       "last_name": "Hopper",
                     *       "auth_method": "email",
                     *       "email_is_verified": true,
                     *       "role": "user",
                     *       "created_at": "2026-01-20T11:00:00Z",
                     *       "updated_at": "2026-02-28T16:45:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateUserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteUserSelf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that your account was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "User ada@acme.example was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteUserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrVerifyUserSocial: {
        parameters: {
            query?: {
                /** @description The token carried by a signup link; when present, the matching unverified entry is verified. */
                signup_token?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SocialLoginRequest"];
            };
        };
        responses: {
            /** @description The new or newly verified user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "email": "grace@acme.example",
                     *       "first_name": "Grace",
                     *       "last_name": "Hopper",
                     *       "auth_method": "google",
                     *       "email_is_verified": true,
                     *       "role": "user",
                     *       "created_at": "2026-01-20T11:00:00Z",
                     *       "updated_at": "2026-02-28T16:45:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateUserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listAllUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every user of the organisation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "email": "ada@acme.example",
                     *         "first_name": "Ada",
                     *         "last_name": "Lovelace",
                     *         "auth_method": "email",
                     *         "email_is_verified": true,
                     *         "role": "admin",
                     *         "created_at": "2026-02-10T09:15:00Z",
                     *         "updated_at": "2026-03-04T14:32:10Z",
                     *         "projects_count": 4,
                     *         "runs_count": 37,
                     *         "permissions": [
                     *           {
                     *             "action": "update",
                     *             "allowed": true
                     *           },
                     *           {
                     *             "action": "read_api_keys",
                     *             "allowed": true
                     *           }
                     *         ]
                     *       },
                     *       {
                     *         "id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *         "email": "grace@acme.example",
                     *         "first_name": "Grace",
                     *         "last_name": "Hopper",
                     *         "auth_method": "google",
                     *         "email_is_verified": true,
                     *         "role": "user",
                     *         "created_at": "2026-01-20T11:00:00Z",
                     *         "updated_at": "2026-02-28T16:45:00Z",
                     *         "projects_count": 1,
                     *         "runs_count": 5
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["GetUserResponse"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's ID. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user, with their role and counts of projects and runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "email": "ada@acme.example",
                     *       "first_name": "Ada",
                     *       "last_name": "Lovelace",
                     *       "auth_method": "email",
                     *       "email_is_verified": true,
                     *       "role": "admin",
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "updated_at": "2026-03-04T14:32:10Z",
                     *       "projects_count": 4,
                     *       "runs_count": 37,
                     *       "permissions": [
                     *         {
                     *           "action": "update",
                     *           "allowed": true
                     *         },
                     *         {
                     *           "action": "read_api_keys",
                     *           "allowed": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetUserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's ID. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description The user as it is after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "email": "grace@acme.example",
                     *       "first_name": "Grace",
                     *       "last_name": "Hopper",
                     *       "auth_method": "google",
                     *       "email_is_verified": true,
                     *       "role": "manager",
                     *       "created_at": "2026-01-20T11:00:00Z",
                     *       "updated_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateUserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The ID of the user to delete. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that the user was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "User grace@acme.example was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteUserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getLatestUserRun: {
        parameters: {
            query?: {
                /** @description Only runs in projects of this type. */
                project_type?: components["schemas"]["ProjectType"];
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The user's ID. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the user's runs, each with its project's name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "runs": [
                     *         {
                     *           "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *           "name": "distilbert-2026-03-04",
                     *           "project_id": "6e1c2a9b-8d4f-4c3e-9a7b-1f2e3d4c5b6a",
                     *           "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "creator": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "email": "ada@acme.example",
                     *             "first_name": "Ada",
                     *             "last_name": "Lovelace",
                     *             "auth_method": "email",
                     *             "email_is_verified": true,
                     *             "role": "admin",
                     *             "created_at": "2026-02-10T09:15:00Z",
                     *             "updated_at": "2026-03-04T14:32:10Z"
                     *           },
                     *           "num_samples": 18000,
                     *           "winner": false,
                     *           "dataset_hash": null,
                     *           "run_tags": [],
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "updated_at": "2026-03-05T08:05:44Z",
                     *           "project_name": "ticket-classifier"
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["GetUserLatestRunsDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectRunsForUser: {
        parameters: {
            query?: {
                /** @description Only projects of this type. */
                project_type?: components["schemas"]["ProjectType"] | null;
            };
            header?: never;
            path: {
                /** @description The user's ID. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects that hold the user's runs, each with its runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *         "name": "support-bot-eval",
                     *         "type": "prompt_evaluation",
                     *         "bookmark": true,
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-02-10T09:15:00Z",
                     *         "updated_at": "2026-03-05T08:05:44Z",
                     *         "permissions": [
                     *           {
                     *             "action": "update",
                     *             "allowed": true
                     *           },
                     *           {
                     *             "action": "delete",
                     *             "allowed": false,
                     *             "message": "Only project owners can delete a project."
                     *           }
                     *         ],
                     *         "runs": [
                     *           {
                     *             "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *             "name": "baseline-2026-03-04",
                     *             "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *             "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "creator": {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "email": "ada@acme.example",
                     *               "first_name": "Ada",
                     *               "last_name": "Lovelace",
                     *               "auth_method": "email",
                     *               "email_is_verified": true,
                     *               "role": "admin",
                     *               "created_at": "2026-02-10T09:15:00Z",
                     *               "updated_at": "2026-03-04T14:32:10Z"
                     *             },
                     *             "num_samples": 250,
                     *             "winner": false,
                     *             "dataset_hash": null,
                     *             "logged_splits": [
                     *               "training",
                     *               "validation"
                     *             ],
                     *             "logged_inference_names": [],
                     *             "run_tags": [
                     *               {
                     *                 "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *                 "key": "model",
                     *                 "value": "gpt-4o-mini",
                     *                 "tag_type": "generic",
                     *                 "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *                 "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *                 "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *                 "created_at": "2026-03-04T14:32:10Z",
                     *                 "updated_at": "2026-03-04T14:32:10Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-03-04T14:32:10Z",
                     *             "updated_at": "2026-03-05T08:05:44Z"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ProjectDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    generatePasswordResetLink: {
        parameters: {
            query: {
                /** @description The email address of the account whose password is to be reset. */
                user_email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The path of the password reset page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pathname": "/reset-password?reset_token=example-reset-token"
                     *     }
                     */
                    "application/json": components["schemas"]["PasswordResetResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    generatePasswordResetEmail: {
        parameters: {
            query: {
                /** @description The email address of the account whose password is to be reset. */
                user_email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reset email was sent; the body is an empty object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example {} */
                    "application/json": components["schemas"]["PasswordResetEmailResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    passwordReset: {
        parameters: {
            query: {
                /** @description The token carried by the password reset link. */
                reset_token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserPasswordResetRequest"];
            };
        };
        responses: {
            /** @description The user whose password was changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "email": "ada@acme.example",
                     *       "first_name": "Ada",
                     *       "last_name": "Lovelace",
                     *       "auth_method": "email",
                     *       "email_is_verified": true,
                     *       "role": "admin",
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "updated_at": "2026-03-04T14:32:10Z"
                     *     }
                     */
                    "application/json": components["schemas"]["UserPasswordResetResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    transferUserData: {
        parameters: {
            query: {
                /** @description The user who receives the data. */
                new_user_id: string;
            };
            header?: never;
            path: {
                /** @description The user whose data is handed over. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming the transfer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Projects and runs of grace@acme.example now belong to ada@acme.example."
                     *     }
                     */
                    "application/json": components["schemas"]["TransferUserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listCurrentUserGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups the caller belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *         "name": "ml-platform",
                     *         "description": "Engineers who own the evaluation pipelines.",
                     *         "visibility": "private",
                     *         "role": "maintainer",
                     *         "size": 6,
                     *         "created_at": "2026-02-10T09:15:00Z",
                     *         "permissions": [
                     *           {
                     *             "action": "update",
                     *             "allowed": true
                     *           },
                     *           {
                     *             "action": "list_members",
                     *             "allowed": true
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["GroupDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMetricInsightsWithFilters: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PromptFilterParams"];
            };
        };
        responses: {
            /** @description One summary per metric column over the matching rows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricInsight"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listPromptDatasets: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the project's prompt datasets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "datasets": [
                     *         {
                     *           "id": "4d5e6f70-8b9c-4d0e-9f2a-3b4c5d6e7f80",
                     *           "dataset_id": "5e6f7081-9c0d-4e1f-8a3b-4c5d6e7f8091",
                     *           "file_name": "support-questions.csv",
                     *           "num_rows": 120,
                     *           "rows": 120
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["ListPromptDatasetResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    uploadPromptEvaluationDataset: {
        parameters: {
            query?: {
                /** @description The file format of the uploaded dataset. */
                format?: components["schemas"]["DatasetFormat"];
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PromptDatasetUploadForm"];
            };
        };
        responses: {
            /** @description The new dataset, with its IDs and row count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4d5e6f70-8b9c-4d0e-9f2a-3b4c5d6e7f80",
                     *       "dataset_id": "5e6f7081-9c0d-4e1f-8a3b-4c5d6e7f8091",
                     *       "file_name": "support-questions.csv",
                     *       "num_rows": 120,
                     *       "rows": 120
                     *     }
                     */
                    "application/json": components["schemas"]["PromptDatasetDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    downloadPromptDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt dataset's ID. */
                dataset_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dataset's file. The service does not declare the file's media type, so the body is described as raw bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updatePromptDataset: {
        parameters: {
            query?: {
                /** @description A new file name to record for the dataset. */
                file_name?: string | null;
                /** @description The number of rows to record for the dataset. */
                num_rows?: number | null;
                /** @description The file format of the replacement file. */
                format?: components["schemas"]["DatasetFormat"];
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt dataset's ID. */
                dataset_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "multipart/form-data": components["schemas"]["PromptDatasetUpdateForm"];
            };
        };
        responses: {
            /** @description The dataset as it is now stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4d5e6f70-8b9c-4d0e-9f2a-3b4c5d6e7f80",
                     *       "dataset_id": "5e6f7081-9c0d-4e1f-8a3b-4c5d6e7f8091",
                     *       "file_name": "support-questions-v2.csv",
                     *       "num_rows": 135,
                     *       "rows": 135
                     *     }
                     */
                    "application/json": components["schemas"]["PromptDatasetDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deletePromptDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt dataset's ID. */
                dataset_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dataset was deleted. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPromptRows: {
        parameters: {
            query?: {
                /** @description The task type of the run's rows. */
                task_type?: components["schemas"]["TaskType"];
                /** @description The column to sort by. */
                sort_by?: string;
                /** @description Sort in ascending order; false for descending. */
                sort_ascending?: boolean;
                /** @description The column that `text_pattern` is matched against. */
                text_column?: string | null;
                /** @description Only rows whose `text_column` contains this text. */
                text_pattern?: string | null;
                /** @description Treat `text_pattern` as a regular expression. */
                regex?: boolean;
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the run's rows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPromptRowsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    calculateCost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        /** @description Unconfirmed: the service's public references do not describe this body, so any JSON object is allowed here. */
        requestBody?: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The cost estimate. Unconfirmed: no public reference of the service describes this answer, so it is described as an open object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    downloadPromptRunDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file of the dataset the prompt run was evaluated on. The service does not declare the file's media type, so the body is described as raw bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportPromptDataset: {
        parameters: {
            query?: {
                /** @description The file format of the export. */
                export_format?: components["schemas"]["LLMExportFormat"];
                /** @description Include the rows of each prompt chain's steps, not only the chain roots. */
                include_chains?: boolean;
                /** @description Only these columns; leave out for all. */
                columns?: string[];
                /** @description Include the input columns. */
                inputs?: boolean;
                /** @description Include the prompt columns. */
                prompts?: boolean;
                /** @description Include the response columns. */
                responses?: boolean;
                /** @description Include the metric columns. */
                metrics?: boolean;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's rows as a CSV or JSON Lines file. The service does not declare the file's media type, so the body is described as raw bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPromptChainRows: {
        parameters: {
            query?: {
                /** @description The task type of the chain's rows. */
                task_type?: components["schemas"]["TaskType"];
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The chain's ID. */
                chain_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rows of the chain: its root and its steps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPromptRowsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRowsAsColumns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's rows as columns. Unconfirmed: no public reference of the service describes this answer, so it is described as an open object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRowsAsColumnsWithFilters: {
        parameters: {
            query?: {
                /** @description The column to sort by. */
                sort_by?: string;
                /** @description Sort in ascending order; false for descending. */
                sort_ascending?: boolean;
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PromptFilterParams"];
            };
        };
        responses: {
            /** @description One page of the matching rows as columns, with the total and filtered row counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPromptRowsColumnarResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRowAsColumn: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The row's index within the run. */
                row_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row, with its chain steps if it has any, arranged as columns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPromptRowsColumnarResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMultiRunSampleIds: {
        parameters: {
            query: {
                /** @description The runs to list; repeat the parameter once per run. */
                run_ids: string[];
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row indices of each run and the total number of rows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptSampleIDs"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMultiRunSamplesForRowIds: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        /** @description A map from run ID to the index of the row to fetch from that run. */
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: number;
                };
            };
        };
        responses: {
            /** @description The requested rows as columns, keyed by run ID. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: components["schemas"]["GetPromptRowsColumnarResponse"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getChainAsColumns: {
        parameters: {
            query?: {
                /** @description Return only the chain's root row. */
                root?: boolean;
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The chain's ID. */
                chain_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the chain's rows, arranged as columns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPromptRowsColumnarResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The column groups, each with its label, icon and member columns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptGroupResponse"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listFeedbackTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project's feedback templates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "6f708192-0d1e-4f2a-9b4c-5d6e7f8091a2",
                     *         "name": "answer-helpful",
                     *         "criteria": "Did the answer resolve the customer's question?",
                     *         "include_explanation": true,
                     *         "constraints": {
                     *           "feedback_type": "like_dislike"
                     *         },
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-02-10T09:15:00Z"
                     *       },
                     *       {
                     *         "id": "708192a3-1e2f-4a3b-8c5d-6e7f8091a2b3",
                     *         "name": "answer-quality",
                     *         "criteria": "Rate the overall quality of the answer.",
                     *         "include_explanation": false,
                     *         "constraints": {
                     *           "feedback_type": "star"
                     *         },
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-03-04T14:32:10Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["FeedbackTemplateDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createFeedbackTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackTemplateCreate"];
            };
        };
        responses: {
            /** @description The new feedback template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f708192-0d1e-4f2a-9b4c-5d6e7f8091a2",
                     *       "name": "answer-helpful",
                     *       "criteria": "Did the answer resolve the customer's question?",
                     *       "include_explanation": true,
                     *       "constraints": {
                     *         "feedback_type": "like_dislike"
                     *       },
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-02-10T09:15:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FeedbackTemplateDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getFeedbackTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feedback template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f708192-0d1e-4f2a-9b4c-5d6e7f8091a2",
                     *       "name": "answer-helpful",
                     *       "criteria": "Did the answer resolve the customer's question?",
                     *       "include_explanation": true,
                     *       "constraints": {
                     *         "feedback_type": "like_dislike"
                     *       },
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-02-10T09:15:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FeedbackTemplateDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteFeedbackTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template was deleted. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateFeedbackTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackTemplateUpdate"];
            };
        };
        responses: {
            /** @description The template with its new name and criteria. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6f708192-0d1e-4f2a-9b4c-5d6e7f8091a2",
                     *       "name": "answer-helpful",
                     *       "criteria": "Did the answer fully resolve the customer's question?",
                     *       "include_explanation": true,
                     *       "constraints": {
                     *         "feedback_type": "like_dislike"
                     *       },
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-02-10T09:15:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FeedbackTemplateDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getFeedbackRating: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
                /** @description The index of the rated row within the run. */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rating given to the row with this template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rating": {
                     *         "feedback_type": "like_dislike",
                     *         "value": true
                     *       },
                     *       "explanation": "Correct steps and a link to the right help article.",
                     *       "created_by": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "created_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FeedbackRatingDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createFeedbackRating: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
                /** @description The index of the rated row within the run. */
                index: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackRatingCreate"];
            };
        };
        responses: {
            /** @description The rating as it is now stored for the row. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rating": {
                     *         "feedback_type": "like_dislike",
                     *         "value": true
                     *       },
                     *       "explanation": "Correct steps and a link to the right help article.",
                     *       "created_by": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "created_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FeedbackRatingDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteFeedbackRating: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
                /** @description The index of the rated row within the run. */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rating was removed. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getFeedbackRatingObserve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
                /** @description The ID of the node (a step of a logged trace) that was rated. */
                node_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rating given to the node with this template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rating": {
                     *         "feedback_type": "star",
                     *         "value": 4
                     *       },
                     *       "explanation": null,
                     *       "created_by": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "created_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FeedbackRatingDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createFeedbackRatingObserve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
                /** @description The ID of the node (a step of a logged trace) that was rated. */
                node_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeedbackRatingCreate"];
            };
        };
        responses: {
            /** @description The rating as it is now stored for the node. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rating": {
                     *         "feedback_type": "star",
                     *         "value": 4
                     *       },
                     *       "explanation": null,
                     *       "created_by": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "created_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FeedbackRatingDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteFeedbackRatingObserve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The feedback template's ID. */
                template_id: string;
                /** @description The ID of the node (a step of a logged trace) that was rated. */
                node_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rating was removed. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSummaryStatistics: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SummaryRequest"];
            };
        };
        responses: {
            /** @description The summary statistics of the matching data. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsightSummaryResults"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getGroupbyStatistics: {
        parameters: {
            query: {
                /** @description The column whose values form the groups. */
                groupby_col: string;
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description The metrics for each value of the grouping column. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupByMetrics"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getInsightIds: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SummaryIDRequest"];
            };
        };
        responses: {
            /** @description The IDs of the matching samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryIDResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPercentage: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FilterPercentageRequest"];
            };
        };
        responses: {
            /** @description The share of the split's samples that match the filters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilterPercentageResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getThresholds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ThresholdRequest"];
            };
        };
        responses: {
            /** @description The thresholds for hard and easy samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThresholdResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    compareRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One summary per run of the project for the split. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompareRunsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getColumnDistribution: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DistributionRequest"];
            };
        };
        responses: {
            /** @description The column's histogram over the matching samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Distribution"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getModelMetrics: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
                /** @description Average per class (macro) instead of per sample (micro). */
                macro?: boolean;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetricsRequest"];
            };
        };
        responses: {
            /** @description The model metrics over the matching samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTaskMetrics: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
                /** @description Average per class (macro) instead of per sample (micro). */
                macro?: boolean;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetricsRequest"];
            };
        };
        responses: {
            /** @description Precision, recall and F1 for each task. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MultiLabelTaskMetrics"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getLabelCoOccurrence: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
                /** @description The score above which a label counts as present on a sample. */
                threshold?: number;
                /** @description How many co-occurring labels to return. */
                top_n?: number;
                /** @description Only pairings that include this label; leave empty for all. */
                starting_label?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetricsRequest"];
            };
        };
        responses: {
            /** @description The label pairs that occur together most often, with their counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MultiLabelCoOccurrence"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSimilarFromSplit: {
        parameters: {
            query: {
                /** @description The split to search for similar samples. */
                from_split: components["schemas"]["Split"];
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
                /** @description When `from_split` is inference, the inference set to search. */
                from_inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description The IDs of the most similar samples in `from_split`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimilarToResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getCboClustersForSplit: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CBOClusterRequest"];
            };
        };
        responses: {
            /** @description The clusters found near class boundaries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CBOClusterResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getCartographClustersForSplit: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The split's data cartography clusters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartographClusterResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getCommunitiesForSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description The communities found in the split. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommunityResponse"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTopInsights: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TopInsightsRequest"];
            };
        };
        responses: {
            /** @description The most notable findings for the split. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopInsightsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getCorrelationMatrixChart: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InsightChartRequest"];
            };
        };
        responses: {
            /** @description The correlation matrix, ready to plot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsightChartResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getAlertsForRun: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
                /** @description Also return alerts that have been dismissed. */
                include_dismissed?: boolean;
                /** @description For object detection runs, the IoU threshold the alerts were computed at. */
                map_threshold?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alerts raised for the split. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["XRayCardDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    dismissAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
                /** @description The ID of the alert to dismiss. */
                alert_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert was dismissed. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the error types for the split's task. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getErrorCounts: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description A bar chart of error counts by type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BarChart"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMapForRun: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description The mean average precision, overall and per class. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MAPResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSegmentationMetricsForRun: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description The segmentation metrics, overall and per class. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SegmentationMetricsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSeq2SeqMetricsForRun: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description The sequence-to-sequence metrics over the matching samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Seq2SeqMetricsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getDataRows: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SummaryRequest"];
            };
        };
        responses: {
            /** @description One page of the matching samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataRows"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getErrorDistributionForColumn: {
        parameters: {
            query?: {
                /** @description The column whose values the errors are counted over. */
                column_name?: string;
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
                /** @description The error type, as listed by the GET form of `/insights/errors`. */
                error_name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentRequest"];
            };
        };
        responses: {
            /** @description How the error type spreads over the column's values. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDistribution"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integrations the caller has set up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "92a3b4c5-3a4b-4c5d-8e7f-8091a2b3c4d5",
                     *         "name": "openai",
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-02-10T09:15:00Z",
                     *         "updated_at": "2026-02-10T09:15:00Z"
                     *       },
                     *       {
                     *         "id": "a3b4c5d6-4b5c-4d6e-9f80-91a2b3c4d5e6",
                     *         "name": "labelstudio",
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "updated_at": "2026-03-04T14:32:10Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["IntegrationDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listAvailableIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration kinds that can be set up here. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "integrations": [
                     *         "openai",
                     *         "anthropic",
                     *         "azure",
                     *         "labelstudio"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AvailableIntegrations"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration kind. */
                name: components["schemas"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration's stored settings, in the shape of its kind; secrets are left out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "openai",
                     *       "organization_id": "org-example",
                     *       "extra": null
                     *     }
                     */
                    "application/json": components["schemas"]["IntegrationSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration kind. */
                name: components["schemas"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration and its credentials were removed. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getIntegrationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration kind. */
                name: components["schemas"]["IntegrationName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Status values of the integration, by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateAnthropicIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnthropicIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateAwsBedrockIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BaseAwsIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateAwsSagemakerIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AwsSageMakerIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateAzureIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AzureIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateLabelstudioIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabelStudioIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateMistralIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MistralIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateOpenaiIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpenAIIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateVertexAiIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VertexAIIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateWriterIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WriterIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateDataPlatformCatalogIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatabricksIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOrUpdateCatalogSqlIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatabricksIntegrationCreate"];
            };
        };
        responses: {
            /** @description The integration was saved. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getDataPlatformClusters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clusters available to the integration. Unconfirmed: no public reference of the service describes this answer, so it is described as an open object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getDatabasesForCluster: {
        parameters: {
            query?: {
                /** @description Only databases in this catalog. */
                catalog?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the databases the integration can reach. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       "default",
                     *       "eval_exports"
                     *     ]
                     */
                    "application/json": string[];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportToDataPlatform: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatabricksExportRequest"];
            };
        };
        responses: {
            /** @description The table was written; the body repeats the export settings that were used. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "split": "validation",
                     *       "database_name": "eval_exports",
                     *       "table_name": "support_bot_validation",
                     *       "file_type": "parquet"
                     *     }
                     */
                    "application/json": components["schemas"]["DatabricksExportResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportEditsDataPlatform: {
        parameters: {
            query?: {
                /** @description Leave out edits that conflict with other edits instead of failing the export. */
                ignore_conflicting_edits?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatabricksEditExportRequest"];
            };
        };
        responses: {
            /** @description The table was written; the body repeats the export settings that were used. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "database_name": "eval_exports",
                     *       "table_name": "support_bot_edits",
                     *       "edit_ids": [
                     *         "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70"
                     *       ],
                     *       "file_type": "parquet",
                     *       "filter_params": {}
                     *     }
                     */
                    "application/json": components["schemas"]["DatabricksEditExportResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listDataPlatformSqlWarehouses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SQL warehouses available to the integration. Unconfirmed: no public reference of the service describes this answer, so it is described as an open object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportToDataPlatformCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatabricksExportRequest"];
            };
        };
        responses: {
            /** @description The table was written; the body repeats the export settings, with the results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [],
                     *       "file_type": "parquet"
                     *     }
                     */
                    "application/json": components["schemas"]["DatabricksUnityCatalogExportResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportEditsDataPlatformCatalog: {
        parameters: {
            query?: {
                /** @description Leave out edits that conflict with other edits instead of failing the export. */
                ignore_conflicting_edits?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatabricksUnityCatalogEditExportRequest"];
            };
        };
        responses: {
            /** @description The table was written; the body repeats the export settings, with the results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "edit_ids": [
                     *         "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70"
                     *       ],
                     *       "results": [],
                     *       "file_type": "parquet"
                     *     }
                     */
                    "application/json": components["schemas"]["DatabricksUnityCatalogExportEditsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getAnnotationToolProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The annotation tool's projects, each with its labels. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "support-ticket-review",
                     *         "labels": [
                     *           "billing",
                     *           "shipping",
                     *           "returns"
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["LabelStudioProject"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportToAnnotationTool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabelStudioExportRequest"];
            };
        };
        responses: {
            /** @description The samples were sent to the annotation tool. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    ingestPromptChainRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromptChainIngestRequest"];
            };
        };
        responses: {
            /** @description The scoring job's ID, a link to the run, and the number of rows taken. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job_id": "8192a3b4-2f3a-4b4c-9d6e-7f8091a2b3c4",
                     *       "link": "https://console.example.com/project/3fa85f64-5717-4562-b3fc-2c963f66afa6/prompts/b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "message": "Ingestion of 160 rows started.",
                     *       "num_rows": 160
                     *     }
                     */
                    "application/json": components["schemas"]["PromptChainIngestResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    ingestBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromptChainIngestBatchRequest"];
            };
        };
        responses: {
            /** @description The scoring job's ID, a link to the run, and the counts of chains and rows taken. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job_id": "8192a3b4-2f3a-4b4c-9d6e-7f8091a2b3c4",
                     *       "link": "https://console.example.com/project/3fa85f64-5717-4562-b3fc-2c963f66afa6/prompts/b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "message": "Ingestion of 40 chains started.",
                     *       "num_chains": 40,
                     *       "num_rows": 160,
                     *       "total_chains": 40
                     *     }
                     */
                    "application/json": components["schemas"]["PromptChainIngestBatchResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getAllModels: {
        parameters: {
            query?: {
                /** @description Also list custom models from the caller's integrations. */
                with_custom_models?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models available to the caller, with the provider of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "gpt-4o-mini",
                     *         "alias": "GPT-4o mini",
                     *         "integration": "openai",
                     *         "system_supported": true,
                     *         "user_role": "user",
                     *         "assistant_role": "assistant"
                     *       },
                     *       {
                     *         "name": "claude-3-5-haiku-latest",
                     *         "alias": "Claude 3.5 Haiku",
                     *         "integration": "anthropic",
                     *         "system_supported": true
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ModelInfo"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    putScore: {
        parameters: {
            query?: {
                /** @description For observe data, the batch of records the scores belong to. */
                monitor_batch_id?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The name of the scorer whose values are written. */
                scorer_name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutPromptScoreRequest"];
            };
        };
        responses: {
            /** @description The ID of the job that records the scores. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job_id": "8192a3b4-2f3a-4b4c-9d6e-7f8091a2b3c4",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "scorer_name": "answer-politeness"
                     *     }
                     */
                    "application/json": components["schemas"]["PutPromptScoreResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project's prompt templates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *         "name": "support-answer",
                     *         "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}",
                     *         "selected_version": {
                     *           "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "version": 2,
                     *           "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *         },
                     *         "selected_version_id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *         "max_version": 2,
                     *         "total_versions": 2,
                     *         "all_available_versions": [
                     *           1,
                     *           2
                     *         ],
                     *         "all_versions": [
                     *           {
                     *             "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "version": 1,
                     *             "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}"
                     *           },
                     *           {
                     *             "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *             "version": 2,
                     *             "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["BasePromptTemplateResponse"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createPromptTemplateWithVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePromptTemplateWithVersionRequestBody"];
            };
        };
        responses: {
            /** @description The new template with its first version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *       "name": "support-answer",
                     *       "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}",
                     *       "selected_version": {
                     *         "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *         "version": 1,
                     *         "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}"
                     *       },
                     *       "selected_version_id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *       "max_version": 1,
                     *       "total_versions": 1,
                     *       "all_available_versions": [
                     *         1
                     *       ],
                     *       "all_versions": [
                     *         {
                     *           "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "version": 1,
                     *           "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BasePromptTemplateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTemplateVersionByName: {
        parameters: {
            query: {
                /** @description The name of the prompt template. */
                template_name: string;
                /** @description The version number; leave out for the template's selected version. */
                version?: number | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requested (or selected) version of the named template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *       "version": 2,
                     *       "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *     }
                     */
                    "application/json": components["schemas"]["BasePromptTemplateVersionResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTemplateFromProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt template's ID. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt template with its selected version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *       "name": "support-answer",
                     *       "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}",
                     *       "selected_version": {
                     *         "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *         "version": 2,
                     *         "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *       },
                     *       "selected_version_id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *       "max_version": 2,
                     *       "total_versions": 2,
                     *       "all_available_versions": [
                     *         1,
                     *         2
                     *       ],
                     *       "all_versions": [
                     *         {
                     *           "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "version": 1,
                     *           "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}"
                     *         },
                     *         {
                     *           "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "version": 2,
                     *           "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BasePromptTemplateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt template's ID. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that the template was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Template support-answer was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["DeletePromptResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createPromptTemplateVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt template's ID. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BasePromptTemplateVersion"];
            };
        };
        responses: {
            /** @description The new version of the template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *       "version": 2,
                     *       "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *     }
                     */
                    "application/json": components["schemas"]["BasePromptTemplateVersionResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTemplateVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt template's ID. */
                template_id: string;
                /** @description The version number. */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requested version of the template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *       "version": 2,
                     *       "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *     }
                     */
                    "application/json": components["schemas"]["BasePromptTemplateVersionResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    setSelectedTemplateVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The prompt template's ID. */
                template_id: string;
                /** @description The version number. */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template with its new selected version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *       "name": "support-answer",
                     *       "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}",
                     *       "selected_version": {
                     *         "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *         "version": 1,
                     *         "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}"
                     *       },
                     *       "selected_version_id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *       "max_version": 2,
                     *       "total_versions": 2,
                     *       "all_available_versions": [
                     *         1,
                     *         2
                     *       ],
                     *       "all_versions": [
                     *         {
                     *           "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "version": 1,
                     *           "template": "You are a helpful support agent. Answer the customer's question.\n\nQuestion: {question}"
                     *         },
                     *         {
                     *           "id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "version": 2,
                     *           "template": "You are a concise support agent. Answer in at most three sentences.\n\nQuestion: {question}"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BasePromptTemplateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectRuns: {
        parameters: {
            query?: {
                /** @description Only the run with this name. */
                run_name?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project's runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *         "name": "baseline-2026-03-04",
                     *         "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "creator": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "email": "ada@acme.example",
                     *           "first_name": "Ada",
                     *           "last_name": "Lovelace",
                     *           "auth_method": "email",
                     *           "email_is_verified": true,
                     *           "role": "admin",
                     *           "created_at": "2026-02-10T09:15:00Z",
                     *           "updated_at": "2026-03-04T14:32:10Z"
                     *         },
                     *         "num_samples": 250,
                     *         "winner": false,
                     *         "dataset_hash": null,
                     *         "logged_splits": [
                     *           "training",
                     *           "validation"
                     *         ],
                     *         "logged_inference_names": [],
                     *         "run_tags": [
                     *           {
                     *             "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *             "key": "model",
                     *             "value": "gpt-4o-mini",
                     *             "tag_type": "generic",
                     *             "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *             "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *             "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "created_at": "2026-03-04T14:32:10Z",
                     *             "updated_at": "2026-03-04T14:32:10Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "updated_at": "2026-03-05T08:05:44Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RunDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunCreate"];
            };
        };
        responses: {
            /** @description The new run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "name": "baseline-2026-03-04",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "num_samples": 0,
                     *       "winner": false,
                     *       "dataset_hash": null,
                     *       "run_tags": [],
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-04T14:32:10Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateRunResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteRunsRequest"];
            };
        };
        responses: {
            /** @description A message confirming that the runs were deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "2 runs were deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteRunsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectPromptRuns: {
        parameters: {
            query?: {
                /** @description The column to sort by. */
                sort_by?: string;
                /** @description Sort in ascending order; false for descending. */
                sort_ascending?: boolean;
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the project's prompt runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "runs": [
                     *         {
                     *           "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *           "name": "support-answer-v2-gpt-4o-mini",
                     *           "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *           "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "updated_at": "2026-03-05T08:05:44Z",
                     *           "num_samples": 120,
                     *           "winner": true,
                     *           "job_id": "8192a3b4-2f3a-4b4c-9d6e-7f8091a2b3c4",
                     *           "job_status": "completed",
                     *           "dataset_id": "5e6f7081-9c0d-4e1f-8a3b-4c5d6e7f8091",
                     *           "template_id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *           "template_version": 2,
                     *           "template_version_id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "template_version_selected": true,
                     *           "model_alias": "gpt-4o-mini",
                     *           "total_responses": 120,
                     *           "average_latency": 812.5,
                     *           "average_cost": 0.00042,
                     *           "total_cost": 0.0504,
                     *           "metrics": {
                     *             "average_toxicity": 0.01,
                     *             "average_factuality": 0.93
                     *           },
                     *           "run_tags": [
                     *             {
                     *               "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *               "key": "model",
                     *               "value": "gpt-4o-mini",
                     *               "tag_type": "generic",
                     *               "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *               "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *               "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "created_at": "2026-03-04T14:32:10Z",
                     *               "updated_at": "2026-03-04T14:32:10Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["GetPromptRunsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectPromptRunsAsColumns: {
        parameters: {
            query?: {
                /** @description The column to sort by. */
                sort_by?: string;
                /** @description Sort in ascending order; false for descending. */
                sort_ascending?: boolean;
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the project's prompt runs, arranged as columns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "columns": [
                     *         {
                     *           "name": "template_version",
                     *           "label": "Template version",
                     *           "data_type": "integer",
                     *           "sortable": true,
                     *           "filterable": true,
                     *           "values": [
                     *             1,
                     *             2
                     *           ]
                     *         },
                     *         {
                     *           "name": "average_latency",
                     *           "label": "Average latency",
                     *           "data_type": "milli_seconds",
                     *           "sortable": true,
                     *           "filterable": true,
                     *           "values": [
                     *             903.1,
                     *             812.5
                     *           ]
                     *         }
                     *       ],
                     *       "num_rows": 2,
                     *       "num_filtered_rows": 2,
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["GetPromptRunColumnsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectPromptRunsAsColumnsWithFilters: {
        parameters: {
            query?: {
                /** @description The column to sort by. */
                sort_by?: string;
                /** @description Sort in ascending order; false for descending. */
                sort_ascending?: boolean;
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PromptFilterParams"];
            };
        };
        responses: {
            /** @description One page of the matching prompt runs as columns, with the total and filtered counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "columns": [
                     *         {
                     *           "name": "template_version",
                     *           "label": "Template version",
                     *           "data_type": "integer",
                     *           "sortable": true,
                     *           "filterable": true,
                     *           "values": [
                     *             1,
                     *             2
                     *           ]
                     *         },
                     *         {
                     *           "name": "average_latency",
                     *           "label": "Average latency",
                     *           "data_type": "milli_seconds",
                     *           "sortable": true,
                     *           "filterable": true,
                     *           "values": [
                     *             903.1,
                     *             812.5
                     *           ]
                     *         }
                     *       ],
                     *       "num_rows": 2,
                     *       "num_filtered_rows": 2,
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["GetPromptRunColumnsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run with its creator, tags and logged splits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "name": "baseline-2026-03-04",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "creator": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "email": "ada@acme.example",
                     *         "first_name": "Ada",
                     *         "last_name": "Lovelace",
                     *         "auth_method": "email",
                     *         "email_is_verified": true,
                     *         "role": "admin",
                     *         "created_at": "2026-02-10T09:15:00Z",
                     *         "updated_at": "2026-03-04T14:32:10Z"
                     *       },
                     *       "num_samples": 250,
                     *       "winner": false,
                     *       "dataset_hash": null,
                     *       "logged_splits": [
                     *         "training",
                     *         "validation"
                     *       ],
                     *       "logged_inference_names": [],
                     *       "run_tags": [
                     *         {
                     *           "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *           "key": "model",
                     *           "value": "gpt-4o-mini",
                     *           "tag_type": "generic",
                     *           "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *           "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *           "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "updated_at": "2026-03-04T14:32:10Z"
                     *         }
                     *       ],
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RunDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunUpdateRequest"];
            };
        };
        responses: {
            /** @description The run with its new name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "name": "baseline-reviewed",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "num_samples": 250,
                     *       "winner": true,
                     *       "dataset_hash": null,
                     *       "run_tags": [
                     *         {
                     *           "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *           "key": "model",
                     *           "value": "gpt-4o-mini",
                     *           "tag_type": "generic",
                     *           "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *           "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *           "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "updated_at": "2026-03-04T14:32:10Z"
                     *         }
                     *       ],
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateRunResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that the run was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Run baseline-2026-03-04 was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteRunResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPromptRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt run with its metrics, job status and cost. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "name": "support-answer-v2-gpt-4o-mini",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "last_updated_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-05T08:05:44Z",
                     *       "num_samples": 120,
                     *       "winner": true,
                     *       "job_id": "8192a3b4-2f3a-4b4c-9d6e-7f8091a2b3c4",
                     *       "job_status": "completed",
                     *       "dataset_id": "5e6f7081-9c0d-4e1f-8a3b-4c5d6e7f8091",
                     *       "template_id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *       "template_version": 2,
                     *       "template_version_id": "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f",
                     *       "template_version_selected": true,
                     *       "model_alias": "gpt-4o-mini",
                     *       "total_responses": 120,
                     *       "average_latency": 812.5,
                     *       "average_cost": 0.00042,
                     *       "total_cost": 0.0504,
                     *       "metrics": {
                     *         "average_toxicity": 0.01,
                     *         "average_factuality": 0.93
                     *       },
                     *       "run_tags": [
                     *         {
                     *           "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *           "key": "model",
                     *           "value": "gpt-4o-mini",
                     *           "tag_type": "generic",
                     *           "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *           "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *           "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "created_at": "2026-03-04T14:32:10Z",
                     *           "updated_at": "2026-03-04T14:32:10Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetPromptRun"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRunLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address of the run's page in the console. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "link": "https://console.example.com/project/3fa85f64-5717-4562-b3fc-2c963f66afa6/prompts/b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e"
                     *     }
                     */
                    "application/json": components["schemas"]["RunLinkResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRunTasks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the run's tasks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "tasks": [
                     *         "sentiment",
                     *         "topic"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["TaskResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRunLabels: {
        parameters: {
            query?: {
                /** @description For multi-task runs, the task whose labels to return. */
                task?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The labels logged for the run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "labels": [
                     *         "billing",
                     *         "shipping",
                     *         "returns"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LabelResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRunInferenceNames: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the run's inference sets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "inference_names": [
                     *         "march-traffic",
                     *         "april-traffic"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["InferenceNamesResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getNumEpochsForRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The epoch numbers logged for the split. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       0,
                     *       1,
                     *       2,
                     *       3
                     *     ]
                     */
                    "application/json": number[];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSplits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's splits and the splits inference data can be compared with. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "splits": [
                     *         "training",
                     *         "validation"
                     *       ],
                     *       "inference_comparison_splits": [
                     *         "validation"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetSplitsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMetricsForRun: {
        parameters: {
            query?: {
                /** @description Only metrics with this key. */
                key?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metric values recorded for the run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *         "key": "accuracy",
                     *         "value": 0.912,
                     *         "epoch": 3,
                     *         "extra": null,
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "updated_at": "2026-03-04T14:32:10Z"
                     *       },
                     *       {
                     *         "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *         "key": "f1",
                     *         "value": 0.874,
                     *         "epoch": 3,
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "updated_at": "2026-03-04T14:32:10Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RunMetricDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    setMetricForRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunMetricCreateRequest"];
            };
        };
        responses: {
            /** @description The metric entry as it is now stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "key": "accuracy",
                     *       "value": 0.912,
                     *       "epoch": 3,
                     *       "extra": null,
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-04T14:32:10Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RunMetricDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPromptAggregateMetricsAsSingletonColumns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's aggregate metrics, one column each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "columns": [
                     *         {
                     *           "name": "average_latency",
                     *           "label": "Average latency",
                     *           "data_type": "milli_seconds",
                     *           "values": [
                     *             812.5
                     *           ]
                     *         },
                     *         {
                     *           "name": "total_cost",
                     *           "label": "Total cost",
                     *           "data_type": "dollars",
                     *           "values": [
                     *             0.0504
                     *           ]
                     *         }
                     *       ],
                     *       "num_rows": 1,
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": false,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["GetPromptRunColumnsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRunTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tags attached to the run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *         "key": "model",
                     *         "value": "gpt-4o-mini",
                     *         "tag_type": "generic",
                     *         "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *         "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "updated_at": "2026-03-04T14:32:10Z"
                     *       },
                     *       {
                     *         "id": "f3b5d7e9-1c2d-4e4f-9a6b-8c0d2e4f6a81",
                     *         "key": "dataset",
                     *         "value": "support-tickets-v3",
                     *         "tag_type": "generic",
                     *         "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *         "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *         "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "2026-03-04T14:32:10Z",
                     *         "updated_at": "2026-03-04T14:32:10Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RunTagDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    setTagForRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunTagCreateRequest"];
            };
        };
        responses: {
            /** @description The tag that was attached to the run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *       "key": "model",
                     *       "value": "gpt-4o-mini",
                     *       "tag_type": "generic",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-04T14:32:10Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RunTagDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRunTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The run tag's ID. */
                tag_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tag. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *       "key": "model",
                     *       "value": "gpt-4o-mini",
                     *       "tag_type": "generic",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-04T14:32:10Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RunTagDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateTagForRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The run tag's ID. */
                tag_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunTagCreateRequest"];
            };
        };
        responses: {
            /** @description The tag as it is after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e2a4c6d8-0b1c-4d3e-8f5a-7b9c1d3e5f70",
                     *       "key": "model",
                     *       "value": "gpt-4o",
                     *       "tag_type": "generic",
                     *       "project_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                     *       "run_id": "b3e1c2d4-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
                     *       "created_by": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "created_at": "2026-03-04T14:32:10Z",
                     *       "updated_at": "2026-03-05T08:05:44Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RunTagDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteRunTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The run tag's ID. */
                tag_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that the tag was removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Tag model was deleted from the run."
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteRunResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    currentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user the credential belongs to, with their role and permissions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUserDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportEdits: {
        parameters: {
            query?: {
                /** @description Leave out edits that conflict with other edits instead of failing the export. */
                ignore_conflicting_edits?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EditExportRequest"];
            };
        };
        responses: {
            /** @description The edited data as a file in the requested format. The service does not declare the file's media type, so the body is described as raw bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportEditsRemote: {
        parameters: {
            query?: {
                /** @description Leave out edits that conflict with other edits instead of failing the export. */
                ignore_conflicting_edits?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RemoteEditExportRequest"];
            };
        };
        responses: {
            /** @description The export was written to the bucket; the body repeats the settings that were used. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemoteEditExportResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getEdit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The edit's ID. */
                edit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The edit with its action, target samples or filter, and reviews. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditGetResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteEdit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The edit's ID. */
                edit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that the edit was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditDeleteResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getEditContent: {
        parameters: {
            query?: {
                /** @description The page of affected rows to return, counting from 0. */
                page_num?: number;
                /** @description Metadata columns to include with each row; repeat the parameter once per column. */
                meta_cols?: string[] | null;
                /** @description Only rows whose text contains this pattern. */
                text_pat?: string | null;
                /** @description Treat `text_pat` as a regular expression. */
                regex?: boolean | null;
            };
            header?: never;
            path: {
                /** @description The edit's ID. */
                edit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The edit with one page of the rows it changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditContent"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    addReviewForEdit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The edit's ID. */
                edit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The review that was recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditReviewDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getGroupRoles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every group role, with its display name and what it allows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "maintainer",
                     *         "display_name": "Maintainer",
                     *         "description": "Manages the group and its members."
                     *       },
                     *       {
                     *         "name": "member",
                     *         "display_name": "Member",
                     *         "description": "Belongs to the group and shares its access."
                     *       },
                     *       {
                     *         "name": "pending",
                     *         "display_name": "Pending",
                     *         "description": "Asked to join and awaits approval."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["GroupRoleInfo"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listGroups: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the groups the caller can see. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "groups": [
                     *         {
                     *           "id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *           "name": "ml-platform",
                     *           "description": "Engineers who own the evaluation pipelines.",
                     *           "visibility": "private",
                     *           "role": "maintainer",
                     *           "size": 6,
                     *           "created_at": "2026-02-10T09:15:00Z",
                     *           "permissions": [
                     *             {
                     *               "action": "update",
                     *               "allowed": true
                     *             },
                     *             {
                     *               "action": "list_members",
                     *               "allowed": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["ListGroupsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupCreate"];
            };
        };
        responses: {
            /** @description The new group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *       "name": "ml-platform",
                     *       "description": "Engineers who own the evaluation pipelines.",
                     *       "visibility": "private",
                     *       "role": "maintainer",
                     *       "size": 1,
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "permissions": [
                     *         {
                     *           "action": "update",
                     *           "allowed": true
                     *         },
                     *         {
                     *           "action": "list_members",
                     *           "allowed": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GroupDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group's ID. */
                group_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group, with the caller's role in it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *       "name": "ml-platform",
                     *       "description": "Engineers who own the evaluation pipelines.",
                     *       "visibility": "private",
                     *       "role": "maintainer",
                     *       "size": 6,
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "permissions": [
                     *         {
                     *           "action": "update",
                     *           "allowed": true
                     *         },
                     *         {
                     *           "action": "list_members",
                     *           "allowed": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GroupDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group's ID. */
                group_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group was deleted. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group's ID. */
                group_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupUpdate"];
            };
        };
        responses: {
            /** @description The group as it is after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
                     *       "name": "ml-platform",
                     *       "description": "Owners of the evaluation and monitoring pipelines.",
                     *       "visibility": "private",
                     *       "role": "maintainer",
                     *       "size": 6,
                     *       "created_at": "2026-02-10T09:15:00Z",
                     *       "permissions": [
                     *         {
                     *           "action": "update",
                     *           "allowed": true
                     *         },
                     *         {
                     *           "action": "list_members",
                     *           "allowed": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GroupDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listGroupMembers: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The group's ID. */
                group_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the group's members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "members": [
                     *         {
                     *           "id": "c0ffee00-1234-4abc-9def-0123456789ab",
                     *           "user_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "email": "ada@acme.example",
                     *           "first_name": "Ada",
                     *           "last_name": "Lovelace",
                     *           "group_role": "maintainer",
                     *           "created_at": "2026-03-04T14:32:10Z"
                     *         },
                     *         {
                     *           "id": "b4c5d6e7-5c6d-4e7f-8091-a2b3c4d5e6f7",
                     *           "user_id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *           "email": "grace@acme.example",
                     *           "first_name": "Grace",
                     *           "last_name": "Hopper",
                     *           "group_role": "member",
                     *           "created_at": "2026-03-04T14:32:10Z"
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["ListGroupMembersResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    addUserToGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group's ID. */
                group_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupMemberCreate"][];
            };
        };
        responses: {
            /** @description The memberships that were created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "b4c5d6e7-5c6d-4e7f-8091-a2b3c4d5e6f7",
                     *         "user_id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *         "email": "grace@acme.example",
                     *         "first_name": "Grace",
                     *         "last_name": "Hopper",
                     *         "group_role": "member",
                     *         "created_at": "2026-03-04T14:32:10Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["GroupMemberDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group's ID. */
                group_id: string;
                /** @description The ID of the member to remove. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user was removed from the group. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The group's ID. */
                group_id: string;
                /** @description The ID of the member. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupMemberUpdate"];
            };
        };
        responses: {
            /** @description The membership with its new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "b4c5d6e7-5c6d-4e7f-8091-a2b3c4d5e6f7",
                     *       "user_id": "9b2f4e61-3c8a-4d5b-a7e9-2c1d0f3b4a58",
                     *       "email": "grace@acme.example",
                     *       "first_name": "Grace",
                     *       "last_name": "Hopper",
                     *       "group_role": "maintainer",
                     *       "created_at": "2026-03-04T14:32:10Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GroupMemberDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getAvailableModels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The language-model provider. */
                llm_integration: components["schemas"]["LLMIntegration"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the models offered through the provider. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getAvailableScorerModels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The language-model provider. */
                llm_integration: components["schemas"]["LLMIntegration"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the provider's models that can judge scorers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    loginEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["LoginEmailForm"];
            };
        };
        responses: {
            /** @description An access token for the user whose email and password were sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    loginApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyLoginRequest"];
            };
        };
        responses: {
            /** @description An access token for the API key's user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    loginSocial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SocialLoginRequest"];
            };
        };
        responses: {
            /** @description An access token for the user the identity provider vouched for. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session has ended. The body has the token shape of sign-in; its contents after sign-out are not documented. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWorkflows: {
        parameters: {
            query?: {
                /** @description Only workflows logged at or after this time. */
                start_time?: string | null;
                /** @description Only workflows logged before this time. */
                end_time?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GetObserveWorkflowsRequest"];
            };
        };
        responses: {
            /** @description One page of the matching workflows, each with its nested steps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "workflows": [
                     *         {
                     *           "type": "workflow",
                     *           "name": "answer-support-ticket",
                     *           "workflow_id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *           "root_workflow_id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *           "step_id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *           "input": "How do I change the shipping address on my order?",
                     *           "output": "Open the order, choose Edit address, and save before it ships.",
                     *           "created_at_ns": 1772611930000000000,
                     *           "duration_ns": 1850000000,
                     *           "status_code": 200,
                     *           "metadata": {
                     *             "customer_tier": "gold"
                     *           },
                     *           "metrics": [
                     *             {
                     *               "name": "latency_ms",
                     *               "value": 1850
                     *             }
                     *           ],
                     *           "steps": [
                     *             {
                     *               "type": "retriever",
                     *               "name": "help-center-search",
                     *               "step_id": "1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e",
                     *               "workflow_id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *               "input": "change shipping address order",
                     *               "output": [
                     *                 "Orders can be edited until they ship: open the order and choose Edit address."
                     *               ],
                     *               "created_at_ns": 1772611930100000000,
                     *               "duration_ns": 420000000,
                     *               "steps": null
                     *             },
                     *             {
                     *               "type": "llm",
                     *               "name": "draft-answer",
                     *               "step_id": "2c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f",
                     *               "workflow_id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *               "input": "Answer using the help article: Orders can be edited until they ship.",
                     *               "output": "Open the order, choose Edit address, and save before it ships.",
                     *               "created_at_ns": 1772611930600000000,
                     *               "duration_ns": 1200000000,
                     *               "status_code": 200,
                     *               "steps": []
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "starting_token": 0,
                     *       "limit": 100,
                     *       "paginated": true,
                     *       "next_starting_token": null
                     *     }
                     */
                    "application/json": components["schemas"]["WorkflowsReadResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    logWorkflows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkflowsIngestRequest"];
            };
        };
        responses: {
            /** @description How many workflows and records were taken. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowsIngestResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPresignedUrl: {
        parameters: {
            query: {
                /** @description The API address the object belongs to. */
                api_url: string;
                /** @description The HTTP method the address will be used with. */
                method: components["schemas"]["Method"];
                /** @description The storage bucket that holds the object. */
                bucket_name: string;
                /** @description The object's key within the bucket. */
                object_name: string;
                /** @description The project the object belongs to. */
                project_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A pre-signed address for the requested object and method. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPresignedUrlResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listAlertsByProject: {
        parameters: {
            query?: {
                /** @description Where the page starts: 0 for the first page, then the previous page's `next_starting_token`. */
                starting_token?: number;
                /** @description The most items to return in one page. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the project's alert configurations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAlertConfigurationsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAlertConfigurationRequest"];
            };
        };
        responses: {
            /** @description The new alert configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertConfigurationResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getAlertById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The alert configuration's ID. */
                monitor_alert_config_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert configuration, with its state and when it last fired. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertConfigurationResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The alert configuration's ID. */
                monitor_alert_config_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A status message confirming the deletion. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertStatusResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The alert configuration's ID. */
                monitor_alert_config_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAlertConfigurationRequest"];
            };
        };
        responses: {
            /** @description The alert configuration as it is after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertConfigurationResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMetricsSchemaEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The data type of each column, keyed by column name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteRows: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TransactionRowsRequestBody"];
            };
        };
        responses: {
            /** @description The records that were deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionRecordsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportRows: {
        parameters: {
            query?: {
                /** @description Only records logged at or after this time. */
                start_time?: string | null;
                /** @description Only records logged before this time. */
                end_time?: string | null;
                /** @description Only the records of this chain. */
                chain_id?: string | null;
                /** @description Include the child records of each chain, not only the chain roots. */
                include_chains?: boolean;
                /** @description Read the records logged as test-set data instead of production traffic. */
                test_set?: boolean;
                /** @description The file format of the export. */
                export_format?: components["schemas"]["LLMExportFormat"];
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TransactionRowsRequestBody"];
            };
        };
        responses: {
            /** @description The matching records as a JSON Lines or CSV file. The service does not declare the file's media type, so the body is described as raw bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportRowsDatabricks: {
        parameters: {
            query?: {
                /** @description Only records logged at or after this time. */
                start_time?: string | null;
                /** @description Only records logged before this time. */
                end_time?: string | null;
                /** @description Only the records of this chain. */
                chain_id?: string | null;
                /** @description Read the records logged as test-set data instead of production traffic. */
                test_set?: boolean;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatabricksObserveExportRequest"];
            };
        };
        responses: {
            /** @description The records were written to the table. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getFilterOptions: {
        parameters: {
            query?: {
                /** @description Only records logged at or after this time. */
                start_time?: string | null;
                /** @description Only records logged before this time. */
                end_time?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The values seen in each filterable column during the time window. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilterOptionsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    ingestObserveRecords: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionRecordBatch"];
            };
        };
        responses: {
            /** @description The records were accepted. The service does not publish the shape of this answer: any JSON value may come back. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models and scorer models of each provider connected to the project. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectIntegrationsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMetricCritiqueColumns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metric columns that accept critiques. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricCritiqueColumns"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMetrics: {
        parameters: {
            query: {
                /** @description The start of the time window. */
                start_time: string;
                /** @description The end of the time window. */
                end_time: string;
                /** @description The width of each time bucket, in minutes. */
                interval?: number;
                /** @description A column whose values split the metrics into groups. */
                group_by?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FiltersRequestBody"];
            };
        };
        responses: {
            /** @description The aggregate metrics and the metrics per time bucket. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionMetricsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getObserveRows: {
        parameters: {
            query?: {
                /** @description Only records logged at or after this time. */
                start_time?: string | null;
                /** @description Only records logged before this time. */
                end_time?: string | null;
                /** @description Only the records of this chain. */
                chain_id?: string | null;
                /** @description The most records to return. */
                limit?: number;
                /** @description How many matching records to skip. */
                offset?: number;
                /** @description Include the child records of each chain, not only the chain roots. */
                include_chains?: boolean;
                /** @description Include the column types in the answer. */
                return_col_schema?: boolean;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TransactionRowsRequestBody"];
            };
        };
        responses: {
            /** @description The matching records, with the column types if asked for. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionRecordsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getUserMetadataEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata keys found on the project's records. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWorkflowCount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FiltersRequestBody"];
            };
        };
        responses: {
            /** @description The number of matching workflows, and whether the count was capped. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowCountResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listFeatureColumns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names of the run's feature columns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeatureColumnsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listEvaluateAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alerts raised for the prompt run. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluateAlertDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRunEdits: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string | null;
                /** @description Also return edits that have already been exported. */
                include_exported?: boolean;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The edits recorded against the split. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditGetResponse"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createEdit: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EditCreateRequest"];
            };
        };
        responses: {
            /** @description The edit that was recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditCreateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getEditContentsForRun: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string | null;
                /** @description Also return edits that have already been exported. */
                include_exported?: boolean;
                /** @description The page of affected rows to return, counting from 0. */
                page_num?: number;
                /** @description Metadata columns to include with each row; repeat the parameter once per column. */
                meta_cols?: string[] | null;
                /** @description Only rows whose text contains this pattern. */
                text_pat?: string | null;
                /** @description Treat `text_pat` as a regular expression. */
                regex?: boolean | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each edit of the split with one page of the rows it changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditContent"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getEditsExports: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One record per export of the split's edits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditExportDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getNewLabelsForRunEdits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The labels that edits introduced. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSliceMetricsForRun: {
        parameters: {
            query?: {
                /** @description For inference data, the name of the inference set; leave empty for the other splits. */
                inference_name?: string;
                /** @description For multi-task runs, the task to read. */
                task?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The run's ID. */
                run_id: string;
                /** @description The data split: training, validation, test or inference. */
                split: components["schemas"]["Split"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each saved slice with the run's model metrics in it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SliceMetrics"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProjectSlices: {
        parameters: {
            query?: {
                /** @description Only the slice with this name. */
                slice_name?: string | null;
            };
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project's saved slices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SliceDB"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createSlice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SliceCreate"];
            };
        };
        responses: {
            /** @description The new slice. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SliceCreateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSlice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The slice's ID. */
                slice_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slice with its filter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SliceDB"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateSlice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The slice's ID. */
                slice_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SliceUpdate"];
            };
        };
        responses: {
            /** @description The slice as it is after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SliceUpdateResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteSlice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The project's ID. */
                project_id: string;
                /** @description The slice's ID. */
                slice_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A message confirming that the slice was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SliceDeleteResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    verifyEmail: {
        parameters: {
            query: {
                /** @description The token carried by the verification email. */
                verification_token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailVerificationRequest"];
            };
        };
        responses: {
            /** @description The address is verified; the body holds an access token for the user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
}
