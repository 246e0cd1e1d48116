// generated from openapi/ by `npm run build:spec` — do not edit; change the spec and regenerate

/** The credential schemes the spec declares; the service takes exactly one per request. */
export type SecuritySchemeName = "ApiKeyHeader" | "HttpBasic" | "JwtBearer";

/** What the client needs to know about an operation at run time. */
export interface OperationPolicy {
  /** Named in the error when the client's credentials cannot satisfy `security`. */
  readonly operationId?: string;
  /** Schemes the operation accepts, as alternatives; empty means no authentication. */
  readonly security: readonly SecuritySchemeName[];
  /** Safe to repeat automatically: GET, HEAD, OPTIONS, PUT, DELETE, or a POST marked x-idempotent. */
  readonly retrySafe: boolean;
  /** The array field holding a page's items, for operations that page with starting_token/limit. */
  readonly paginationItems?: string;
}

/**
 * 216 operations, compact (src/operation-table.ts reads it): each path, sorted, as the number
 * of leading segments it shares with the previous path and the rest; then one letter per method
 * (G GET, P POST, U PUT, D DELETE, A PATCH, H HEAD, O OPTIONS), each followed by "!" when its retry safety is not the
 * method's own (a POST marked x-idempotent) and "=<field>" when it pages (x-pagination items).
 * Security is ApiKeyHeader | HttpBasic | JwtBearer unless listed in securityExceptions.
 */
export const operationTable =
  "0collaborator_rolesG,0current_userG,1groupsG,0edits/exportP,2remoteP,1{edit_id}DG,2contentG,2reviewP,0generate_password_resetG,0generate_password_reset_emailG,0group_rolesG,0groupsG=groupsP,1{group_id}DGA,2membersG=membersP,3{user_id}DA,0integrationsG,1anthropicU,1availableG,1aws_bedrockU,1aws_sagemakerU,1azureU,1databricksU,2clustersG,2databasesG,2edits/exportP,2exportP,2sql_warehousesG,2unity-catalog/edits/exportP,3exportP,3sqlU,1labelstudioU,2exportP,2projectsG,1mistralU,1openaiU,1vertex_aiU,1writerU,1{name}GD,2statusG,0invite_usersP,0llm_integrations/{llm_integration}/modelsG,2scorer_modelsG,0loginP,1api_keyP,1socialP,0logoutP,0observe/projects/{project_id}/workflowsP!,1workflowsP,0password_resetP,0presigned_urlG,0projectsGP,1allG,1paginatedP!=projects,1{project_id}GUD,2alertsG=alerts,3createP,3{monitor_alert_config_id}DG,4updateU,2bookmarkUD,2feedback/templatesGP,4{template_id}GDA,5nodes/{node_id}/ratingGUD,2groupsG=collaboratorsP,3{group_id}DA,2observe/column_schemaG,3deleteP,3exportP!,4databricksP,3filter_optionsG,3ingestP,3integrationsG,3metric_critique_columnsG,3metricsP!,3rowsP!,3user_metadataG,3workflows-countP!,2prompt_datasetsG=datasetsP,3{dataset_id}GUD,2prompts/calculate_costP,3runsG=runs,4columnarG=columnsP!=columns,4{run_id}G,2runsGPD,3prompts/rows/columnarGP!,3{run_id}GUD,4chains/ingestP,6batchP,5{chain_id}G,4features/columnsG,4feedback/templates/{template_id}/index/{index}/ratingGUD,4inference_namesG,4labelsG,4linkG,4metricsGU,4prompts/alertsG,5download_prompt_datasetG,5export_prompt_datasetG,5insights/metricsP!,5metricsG,5rowsG=rows,6chains/{chain_id}/columnarG=columns,6columnarGP!=columns,6{row_id}/columnarG=columns,5scorers/{scorer_name}U,4split/{split}/editsGP,7contentG,7exportsG,7labelsG,6epochsG,6insights/alertsG,8{alert_id}D,7cartograph_clustersP!,7cbo_clustersP!,7charts/correlationP!,7co_occurrenceP!,7communitiesP!,7distributionP!,7errorsGP!,8{error_name}/distributionP!,7groupbyP!,7idsP!,7mapP!,7metricsP!,8tasksP!,7percentage/sampleP!,7rowsP!,7semseg/metricsP!,7seq2seq/metricsP!,7similarP!,7summaryP!,7thresholdsP!,7topP!,6slicesG,4splitsG,4tagsGP,5{tag_id}GUD,4tasksG,2slicesGP,3{slice_id}DGU,2split/{split}/insights/compareP!,2templatesGP,3versionsG,3{template_id}GD,4versionsP,5{version}GU,2training/{training_job_id}/status/G,2upload_fileP,2usersG=collaboratorsP,3{user_id}DA,2{training_mode}/startP,2{training_or_inference}/validate_datasetP,0prompts/models/allG,1rows/groupsG,0request_accessP,0signup_linkP,0training/{training_job_id}/tokenP,0user_rolesG,0usersG=usersPD,1allG,1socialP,1{user_id}GUD,2runsG,3latestG=runs,2transferP,0v1/healthcheckG,1tokenG,0verify_emailP";

/** "METHOD /path" → [operationId, ...security] where security is not the three alternatives. */
export const securityExceptions: Readonly<Record<string, readonly [string, ...SecuritySchemeName[]]>> = {
  "GET /v1/healthcheck": ["healthcheck"],
  "GET /v1/token": ["getToken","ApiKeyHeader","HttpBasic"],
  "POST /signup_link": ["generateSignupLink","ApiKeyHeader"],
  "POST /login": ["loginEmail"],
  "POST /login/api_key": ["loginApiKey"],
  "POST /login/social": ["loginSocial"],
};
