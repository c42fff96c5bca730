import type { Request, RequestHandler, Response } from 'express';
import { asServiceError } from '../../../../shared/errors/as-service-error.js';
import { httpStatusOf } from '../../transports/http/json-errors.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { html, languageOf, renderPage, type Language } from './page-kit.js';

/** What a page says when it cannot do its work, in each language the pages speak. */
const FAILURE_WORDS: Record<
  Language,
  { title: string; refused: string; unavailable: string; failed: string }
> = {
  en: {
    title: 'Please try again',
    refused: 'This page cannot be shown for this request. Please open the link again.',
    unavailable: 'The service cannot answer right now. Please try again in a moment.',
    failed: 'Something went wrong on our side. Please try again; if it keeps happening, tell us.',
  },
  de: {
    title: 'Bitte versuchen Sie es noch einmal',
    refused: 'Diese Seite kann so nicht gezeigt werden. Bitte öffnen Sie den Link noch einmal.',
    unavailable:
      'Der Dienst kann gerade nicht antworten. Bitte versuchen Sie es gleich noch einmal.',
    failed:
      'Bei uns ist etwas schiefgegangen. Bitte versuchen Sie es noch einmal; wenn es wieder geschieht, sagen Sie es uns.',
  },
};

/**
 * A page's route: its work, and whatever fails in it answered as a page in the browser's
 * language, never as the API's JSON: a refusal with its status, the database out of reach a 503
 * that asks to try again, anything else logged (as asServiceError logs it) and a 500 that says it
 * was ours.
 */
export function pageRoute(
  logger: Logger,
  work: (request: Request, response: Response) => Promise<void> | void,
): RequestHandler {
  return async (request, response) => {
    try {
      await work(request, response);
    } catch (error) {
      failurePage(request, response, logger, error);
    }
  };
}

/** The page of a failure, as pageRoute answers it. */
export function failurePage(
  request: Request,
  response: Response,
  logger: Logger,
  error: unknown,
): void {
  const failure = asServiceError(error, logger);
  const language = languageOf(request.get('accept-language'));
  const words = FAILURE_WORDS[language];
  const status = httpStatusOf(failure);
  const said =
    failure.id === 'SERVICE-UNAVAILABLE'
      ? words.unavailable
      : status < 500
        ? words.refused
        : words.failed;
  if (response.headersSent) return void response.end();
  response
    .status(status)
    .set('cache-control', 'no-store')
    .type('html')
    .send(renderPage(language, words.title, html`<p role="alert">${said}</p>`));
}
